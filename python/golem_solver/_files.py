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

import json
import os
import secrets
import stat
import sys
from pathlib import Path
from typing import BinaryIO, Iterator, Optional, Tuple, Union

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the package declares tomli for these versions
    import tomli as tomllib

from .errors import GolemError, refusal

#: The most bytes read from standard input for a position (the core's cap for files).
MAX_POSITION_BYTES = 1 << 20
#: The longest line of a puzzle suite (a puzzle with an inline position is a few KiB).
MAX_LINE_BYTES = 1 << 20


#: How a refusal to replace a file ends (the command line says to use its --force).
OVERWRITE_HINT = "pass overwrite=True to replace it"


def write_atomically(
    path: Union[str, "os.PathLike[str]"],
    text: Union[str, bytes],
    overwrite: bool = False,
    exists_hint: str = OVERWRITE_HINT,
) -> None:
    """Writes ``text`` (UTF-8; or ``bytes`` as they are, e.g. a picture) to ``path``
    through a synced temporary file in the same folder. Without ``overwrite`` an existing
    file is refused, and a file that appears meanwhile is not replaced (a hard link cannot
    take an existing name)."""
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    with AtomicWriter(path, overwrite=overwrite, exists_hint=exists_hint) as out:
        out.write(data)


def _temp_file(folder: Path, field: str) -> Tuple[Path, int]:
    """A new file with a short random name in ``folder`` (so that any name the target
    may legally have still fits the file system's limit on names)."""
    for _ in range(100):
        candidate = folder / f".golem-{secrets.token_hex(4)}.tmp"
        try:
            return candidate, os.open(
                candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666
            )
        except FileExistsError:
            continue
    raise refusal(field, "no temporary file could be made")


class AtomicWriter:
    """Bytes written to a temporary file in the target's folder as they come; on a clean
    exit of the ``with`` block the file is synced and moved into place (renamed over the
    target with ``overwrite``, else hard-linked so that a file appearing meanwhile is not
    replaced); on an error it is removed, leaving any old file byte-identical. Memory
    stays at one write's worth whatever the total (a stream of game records).

    ``exists_hint`` ends the message refusing an existing file (the command line names
    its own ``--force``)."""

    def __init__(
        self,
        path: Union[str, "os.PathLike[str]"],
        overwrite: bool = False,
        exists_hint: str = OVERWRITE_HINT,
    ) -> None:
        self.path = Path(path)
        self.field = str(self.path)
        self.overwrite = overwrite
        self.exists_hint = exists_hint
        self._fd = -1
        self._temp: "Path | None" = None

    def _refuse_existing(self) -> GolemError:
        return refusal(self.field, f"file exists; {self.exists_hint}")

    def __enter__(self) -> "AtomicWriter":
        if not self.overwrite and os.path.lexists(self.path):
            raise self._refuse_existing()
        try:
            self._temp, self._fd = _temp_file(self.path.parent, self.field)
        except OSError as e:
            raise refusal(self.field, e.strerror or str(e)) from None
        return self

    def write(self, data: bytes) -> None:
        try:
            view = memoryview(data)
            while view:
                written = os.write(self._fd, view)
                view = view[written:]
        except OSError as e:
            raise refusal(self.field, e.strerror or str(e)) from None

    def _commit(self) -> None:
        assert self._temp is not None
        os.fsync(self._fd)
        os.close(self._fd)
        self._fd = -1
        if self.overwrite:
            os.replace(self._temp, self.path)
        else:
            try:
                os.link(self._temp, self.path)
            except FileExistsError:
                raise self._refuse_existing() from None
            os.unlink(self._temp)
        self._temp = None

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        try:
            if kind is None:
                self._commit()
        except OSError as e:
            raise refusal(self.field, e.strerror or str(e)) from None
        finally:
            if self._fd >= 0:
                os.close(self._fd)
            if self._temp is not None:
                try:
                    os.unlink(self._temp)
                except OSError:
                    pass


def _decode(data: bytes, field: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise refusal(field, f"not UTF-8 text (byte {e.start})") from None


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
        raise refusal(field, f"larger than {cap} bytes; not a position")
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
            raise refusal(f"{field}:{number}", f"longer than {cap} bytes")
        yield number, _decode(line, f"{field}:{number}").rstrip("\r\n")


def open_regular(path: Union[str, "os.PathLike[str]"]) -> BinaryIO:
    """``path`` opened for binary reading if it is a regular file (symbolic links
    followed); a device (``/dev/zero``), a FIFO (which would block until a writer came)
    or a folder is refused before it is opened, as the core's reader does."""
    field = str(path)
    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        raise refusal(field, e.strerror or str(e)) from None
    if not stat.S_ISREG(mode):
        raise refusal(field, "not a regular file")
    try:
        return open(path, "rb")
    except OSError as e:
        raise refusal(field, e.strerror or str(e)) from None


def json_line(line: str, field: str) -> object:
    """One JSON value from one line; not JSON, or nested too deeply for the parser (a
    line of 100,000 ``[``), is a ``GolemError`` naming ``field`` (the line)."""
    try:
        return json.loads(line)
    except json.JSONDecodeError as e:
        raise refusal(field, f"not JSON: {e.msg} (column {e.colno})") from None
    except RecursionError:
        raise refusal(field, "not JSON this reader takes: nested too deeply") from None


def _names_a_file(key: str, value: str) -> bool:
    """Whether a position's ``map`` or ``components`` value is a path (as the core reads
    it) rather than a bundled map's id or ``builtin``."""
    if key == "components":
        return value != "builtin"
    return "/" in value or "\\" in value or value.endswith(".txt")


def outside_files(text: str, base: Path) -> Optional[Tuple[str, str]]:
    """The first ``(key, path)`` among the files a position text names (its ``map`` and
    ``components``; relative paths as the core resolves them, from the working folder)
    that is not in ``base`` or below it, symbolic links resolved; None if there is none.
    A text that is not TOML names nothing here (its reader refuses it)."""
    try:
        table = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return None
    root = base.resolve()
    for key in ("map", "components"):
        value = table.get(key)
        if isinstance(value, str) and _names_a_file(key, value):
            try:
                Path(value).resolve().relative_to(root)
            except (ValueError, OSError):
                return key, value
    return None
