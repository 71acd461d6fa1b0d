"""Reading a save file without trusting what sits at its name.

Only a regular file is read (a folder, a FIFO or a device such as ``/dev/zero``, reached by
name or through a symbolic link, is refused), it is opened without blocking, and at most
``MAX_SAVE_BYTES`` are read. Every refusal is an ``OSError`` whose ``strerror`` says why in a
player's words.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

MAX_SAVE_BYTES = 16 * 1024 * 1024
"""The largest file read as a save (a whole four-player Flight match is about 120 kB)."""


def read_save_file(path: Path, limit: int = MAX_SAVE_BYTES) -> bytes:
    """The bytes of the regular file at ``path``; ``OSError`` for anything else or anything larger."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "it is not a regular file", str(path))
        if info.st_size > limit:
            raise _too_large(path, limit)
        chunks = []
        size = 0
        while chunk := os.read(fd, min(1 << 20, limit + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise _too_large(path, limit)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _too_large(path: Path, limit: int) -> OSError:
    return OSError(errno.EFBIG, f"it is larger than {limit // (1024 * 1024)} MB, far more than any save", str(path))
