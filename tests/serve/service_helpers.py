"""A raw client of the table service, recording every message it receives."""

from __future__ import annotations

import asyncio
from typing import Any

from patience import PATIENCE

from flight_tui.serve import protocol as P


class RawClient:
    """Speaks the protocol over the service's socket; ``received`` keeps every frame's bytes."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.received: list[bytes] = []

    @classmethod
    async def connect(cls, path, identity: str, name: str) -> "RawClient":
        reader, writer = await asyncio.open_unix_connection(str(path))
        client = cls(reader, writer)
        await client.send(P.Hello(identity, name))
        return client

    async def send(self, message: Any) -> None:
        self.writer.write(P.frame(message))
        await self.writer.drain()

    async def send_bytes(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def next(self, timeout: float = PATIENCE) -> Any:
        header = await asyncio.wait_for(self.reader.readexactly(P.HEADER.size), timeout)
        (length,) = P.HEADER.unpack(header)  # whatever comes: the service's own limit is under test
        body = await asyncio.wait_for(self.reader.readexactly(length), timeout)
        self.received.append(body)
        return P.decode_service(body)

    async def until(self, kind: type, timeout: float = PATIENCE, check=lambda m: True) -> Any:
        """The next message of ``kind`` (passing ``check``), skipping others."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            message = await self.next(max(0.01, end - loop.time()))
            if isinstance(message, kind) and check(message):
                return message

    async def close(self) -> None:
        self.writer.close()
