"""Lessons: a guided first game of each game, as data (see ``docs/lessons.md``)."""

from flight_tui.lessons.model import Lesson, LessonDataError, LessonSeat, LessonStep, has_lesson, load_lesson
from flight_tui.lessons.run import LessonRun, ScriptedSeat

__all__ = [
    "Lesson",
    "LessonDataError",
    "LessonRun",
    "LessonSeat",
    "LessonStep",
    "ScriptedSeat",
    "has_lesson",
    "load_lesson",
]
