"""The screens of the app shell: menu, new game, load, settings, rules, help, notices, dialogs.

Each screen lives in its own module and is imported only when first shown, to keep start-up fast.
"""
