"""File input and output that cannot lose data or grow without bound.

- ``write_atomically``: the text goes to a temporary file in the target's folder, which
  is synced and then renamed into place (or hard-linked, when an existing file must not
  be replaced), so a failed write leaves the old file byte-identical and no partial or
  temporary file behind. Position files are written the same way by the core
  (``state.save``); this is the Python twin for everything else the project writes.
- ``read_capped``: at most ``cap`` bytes of a binary stream, which must be UTF-8 text.
- ``capped_lines``: the lines of a binary stream, each at most ``cap`` bytes.

Failures are ``GolemError`` with ``field`` (the file or stream) and ``message``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import BinaryIO, Iterator, Tuple, Union

from ._core import GolemError

#: The most bytes read from standard input for a position (the core's cap for files).
MAX_POSITION_BYTES = 1 << 20
#: The longest line of a puzzle suite (a puzzle with an inline position is a few KiB).
MAX_LINE_BYTES = 1 << 20


def _error(field: str, message: str) -> GolemError:
    error = GolemError(f"{field}: {message}")
    error.field = field
    error.message = message
    return error


def write_atomically(
    path: Union[str, "os.PathLike[str]"],
    text: Union[str, bytes],
    overwrite: bool = False,
) -> None:
    """Writes ``text`` (UTF-8; or ``bytes`` as they are, e.g. a picture) to ``path``
    through a synced temporary file in the same folder. Without ``overwrite`` an existing
    file is refused, and a file that appears meanwhile is not replaced (a hard link cannot
    take an existing name)."""
    path = Path(path)
    field = str(path)
    if not overwrite and os.path.lexists(path):
        raise _error(field, "file exists; pass overwrite=True to replace it")
    folder = path.parent
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    temp = None
    try:
        for attempt in range(100):
            candidate = folder / f".{path.name}.{os.getpid()}.{attempt}.tmp"
            try:
                fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            except FileExistsError:
                continue
            temp = candidate
            break
        else:
            raise _error(field, "no temporary file could be made")
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        if overwrite:
            os.replace(temp, path)
        else:
            try:
                os.link(temp, path)
            except FileExistsError:
                raise _error(
                    field, "file exists; pass overwrite=True to replace it"
                ) from None
            os.unlink(temp)
        temp = None
    except OSError as e:
        raise _error(field, e.strerror or str(e)) from None
    finally:
        if temp is not None:
            try:
                os.unlink(temp)
            except OSError:
                pass


def _decode(data: bytes, field: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise _error(field, f"not UTF-8 text (byte {e.start})") from None


def read_capped(stream: BinaryIO, field: str, cap: int = MAX_POSITION_BYTES) -> str:
    """The whole of ``stream`` as UTF-8 text, refused (unread beyond ``cap`` + 1 bytes)
    when it is longer than ``cap`` bytes."""
    chunks = []
    size = 0
    while size <= cap:
        chunk = stream.read(cap + 1 - size)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > cap:
        raise _error(field, f"larger than {cap} bytes; not a position")
    return _decode(b"".join(chunks), field)


def capped_lines(
    stream: BinaryIO, field: str, cap: int = MAX_LINE_BYTES
) -> Iterator[Tuple[int, str]]:
    """``(number, text)`` for each line of ``stream`` (counted from 1, without the line
    end), read one at a time; a line longer than ``cap`` bytes or not UTF-8 is refused
    as ``field:number``."""
    number = 0
    while True:
        line = stream.readline(cap + 1)
        if not line:
            return
        number += 1
        if len(line) > cap and not line.endswith(b"\n"):
            raise _error(f"{field}:{number}", f"longer than {cap} bytes")
        yield number, _decode(line, f"{field}:{number}").rstrip("\r\n")
