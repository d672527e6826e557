"""A content pack uploaded as a ``.zip`` of YAML files: read safely, in memory, then checked like a folder.

A zip is a pack folder (``kfgm content validate FOLDER``): ``pack.yaml`` (the manifest) at its root, or in
one folder that holds everything, plus any ``.yaml``/``.yml`` files in sub-folders. Nothing is ever
written to disk or executed. Refused before any YAML is read:

- a zip over ``MAX_FILE_BYTES`` (compressed; the transport checks it first), or whose YAML files hold
  more than ``MAX_FILE_BYTES`` once uncompressed (counted while reading, never trusting the sizes the zip
  declares), or more than ``MAX_ENTRIES`` entries or ``MAX_YAML_FILES`` YAML files;
- a path that could escape a folder (absolute, a drive, ``..``), a symbolic link, an encrypted entry,
  two entries of the same name;
- a nested archive (``.zip``, ``.tar``, ``.gz``..., or such bytes under any name).

Other files (a README, ``__MACOSX/``) are skipped, as the validator skips them. Each YAML file is parsed
on its own (syntax errors are reported file by file), then the files are joined into one multi-document
YAML text, which is what is stored and later loaded (``App.content_for``), and validated with
``extend_catalogue`` exactly like a single-file upload; each error's line is mapped back to its file, so
errors read ``pack.zip/monsters/wolf.yaml:12: levels.0.vigor: ...``.
"""

from __future__ import annotations

import io
import stat
import zipfile
from dataclasses import dataclass
from pathlib import PurePosixPath

from content.loader import MAX_FILE_BYTES, ContentError, parse_yaml_text

MAX_ENTRIES = 300  # entries of the zip, folders and skipped files included
MAX_YAML_FILES = 100
ARCHIVE_SUFFIXES = (".zip", ".jar", ".tar", ".gz", ".tgz", ".bz2", ".xz", ".7z", ".rar", ".zst", ".lz", ".whl")
ARCHIVE_MAGIC = (b"PK\x03\x04", b"PK\x05\x06", b"\x1f\x8b", b"7z\xbc\xaf", b"Rar!", b"BZh", b"\xfd7zXZ",
                 b"\x28\xb5\x2f\xfd")
YAML_SUFFIXES = (".yaml", ".yml")
SEPARATOR = "...\n"  # ends the previous file's last document: each file starts afresh (directives, anchors)


def is_zip(filename: str, data: bytes) -> bool:
    return filename.lower().endswith(".zip") or data[:4] in (b"PK\x03\x04", b"PK\x05\x06")


class ZipRefused(Exception):
    """The zip cannot be read as a pack; the message says why and what would be accepted."""


@dataclass(frozen=True)
class ZipPack:
    """The YAML files of a zip, joined: ``text`` (what is validated and stored) and where each file starts."""

    label: str
    text: str
    files: tuple[str, ...]
    starts: tuple[tuple[int, str], ...]  # (first line of the file in ``text``, the file's label)
    skipped: tuple[str, ...]
    syntax_errors: tuple[ContentError, ...] = ()

    def locate(self, error: ContentError) -> ContentError:
        """An error of the joined text, as the file and line it came from."""
        if error.file != self.label or not error.line:
            return error
        start, file = max((s for s in self.starts if s[0] <= error.line), default=(1, self.label))
        return ContentError(file, error.path, error.line - start + 1, error.message)


def _safe_path(name: str) -> PurePosixPath | None:
    """The entry's path, or None when it could escape (absolute, a drive, ``..``) or is not plain text."""
    if "\\" in name or "\x00" in name or name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return None
    path = PurePosixPath(name)
    if any(part in ("..", "") for part in path.parts) or not path.parts:
        return None
    return path


def _skipped(path: PurePosixPath) -> bool:
    return path.parts[0] == "__MACOSX" or path.name.startswith(".")


def _explicit_start(text: str) -> bool:
    """Whether the file's first content line starts a document itself (``---`` or a ``%`` directive)."""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return line.startswith(("---", "%"))
    return False


def read_zip(label: str, data: bytes) -> ZipPack:
    """The pack in a zip's bytes (see the module's docstring). Raises ZipRefused."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError) as exc:
        raise ZipRefused(f"`{label}` is not a readable zip file ({exc}); zip the pack folder again") from None
    if len(infos) > MAX_ENTRIES:
        raise ZipRefused(f"`{label}` has {len(infos)} entries; a pack zip may have at most {MAX_ENTRIES}")
    files: dict[PurePosixPath, zipfile.ZipInfo] = {}
    for info in infos:
        path = _safe_path(info.filename)
        if path is None:
            raise ZipRefused(f"`{label}` holds the path {info.filename[:80]!r}, which could escape the pack's folder "
                             "(absolute, a drive letter, '..' or a backslash); zip the folder with relative paths")
        if stat.S_ISLNK(info.external_attr >> 16):
            raise ZipRefused(f"`{label}` holds a symbolic link ({info.filename[:80]!r}); a pack holds only files")
        if info.flag_bits & 0x1:
            raise ZipRefused(f"`{label}` is encrypted ({info.filename[:80]!r}); upload it without a password")
        if info.is_dir() or _skipped(path):
            continue
        if path.name.lower().endswith(ARCHIVE_SUFFIXES):
            raise ZipRefused(f"`{label}` holds another archive ({info.filename[:80]!r}); zips inside zips are not "
                             "accepted: put the YAML files themselves in the zip")
        if path in files:
            raise ZipRefused(f"`{label}` holds {info.filename[:80]!r} twice; zip the folder again")
        files[path] = info
    yaml_files = {p: i for p, i in files.items() if p.suffix.lower() in YAML_SUFFIXES}
    skipped = tuple(sorted(str(p) for p in files if p not in yaml_files))
    if not yaml_files:
        raise ZipRefused(f"`{label}` holds no .yaml file; a pack zip holds pack.yaml and the pack's other YAML files")
    if len(yaml_files) > MAX_YAML_FILES:
        raise ZipRefused(f"`{label}` holds {len(yaml_files)} YAML files; a pack may have at most {MAX_YAML_FILES}")
    root = _root(list(yaml_files))
    if PurePosixPath(*root.parts, "pack.yaml") not in yaml_files:
        where = f"in its folder `{root}/`" if root.parts else "at its root"
        raise ZipRefused(f"`{label}` has no pack.yaml {where} (the manifest: kind: pack, id, name, version); "
                         "zip the pack folder that holds pack.yaml")

    budget = MAX_FILE_BYTES
    texts: list[tuple[str, str]] = []
    for path in sorted(yaml_files):  # the order the validator reads a folder in
        info = yaml_files[path]
        try:
            with archive.open(info) as member:
                raw = member.read(budget + 1)
        except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError, EOFError) as exc:
            raise ZipRefused(f"`{label}`: {info.filename[:80]!r} cannot be read ({exc})") from None
        budget -= len(raw) + len(SEPARATOR) + 4
        if budget < 0:
            raise ZipRefused(f"`{label}` holds more than {MAX_FILE_BYTES:,} bytes of YAML once uncompressed; a pack "
                             "may be at most 1 MB: split it into smaller packs")
        if raw[:6].startswith(ARCHIVE_MAGIC):
            raise ZipRefused(f"`{label}`: {info.filename[:80]!r} is an archive, not YAML; zips inside zips are not "
                             "accepted")
        file_label = f"{label}/{PurePosixPath(*path.parts[len(root.parts):])}"
        try:
            text = raw.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError as exc:
            raise ZipRefused(f"`{file_label}` is not UTF-8 text (byte {exc.start} cannot be read); save it as "
                             "UTF-8 YAML") from None
        texts.append((file_label, text))
    return _join(label, texts, skipped)


def _root(paths: list[PurePosixPath]) -> PurePosixPath:
    """The one folder every YAML file is in (a zipped folder), or the zip's root."""
    firsts = {p.parts[0] for p in paths}
    if len(firsts) == 1 and all(len(p.parts) > 1 for p in paths):
        return PurePosixPath(next(iter(firsts)))
    return PurePosixPath()


def _join(label: str, texts: list[tuple[str, str]], skipped: tuple[str, ...]) -> ZipPack:
    syntax: list[ContentError] = []
    parts: list[str] = []
    starts: list[tuple[int, str]] = []
    line = 1
    for file_label, text in texts:
        docs, errors = parse_yaml_text(text, file_label)
        syntax += errors
        if errors or not docs:
            continue
        text = text if text.endswith("\n") else text + "\n"
        prefix = (SEPARATOR + ("" if _explicit_start(text) else "---\n")) if parts else ""
        line += prefix.count("\n")
        starts.append((line, file_label))
        parts.append(prefix + text)
        line += text.count("\n")
    return ZipPack(label, "".join(parts), tuple(f for f, _ in texts), tuple(starts), skipped, tuple(syntax))
