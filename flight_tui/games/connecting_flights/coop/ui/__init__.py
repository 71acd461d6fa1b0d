"""The Connecting Flights table in the app: Board, Hand, Marketplace and Fly views, the campaign."""
