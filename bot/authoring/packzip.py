"""A pack as a ``.zip`` of its YAML files: made offline from a folder (``kfgm content pack``) or from a guild's
stored pack (``/content export``); ``/content upload`` reads either back (bot/app/zip_pack.py)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from content.loader import validate_pack

FIXED_TIME = (2026, 1, 1, 0, 0, 0)  # the same pack makes the same bytes


class PackProblem(ValueError):
    """The folder is not a valid pack; the message lists the errors."""


def _write(files: list[tuple[str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files:
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def zip_folder(folder: Path) -> tuple[bytes, str]:
    """The pack folder's YAML files, under one folder named after the pack's id, validated first (on top of the
    starter pack). Returns (zip bytes, pack id). Raises PackProblem."""
    errors = validate_pack(folder)
    if errors:
        shown = "\n".join(str(e) for e in errors[:20])
        raise PackProblem(f"{folder} is not a valid pack, so it was not zipped ({len(errors)} error(s)):\n{shown}")
    import yaml

    manifest = yaml.safe_load((folder / "pack.yaml").read_text(encoding="utf-8").split("\n---")[0])
    pack_id = str(manifest["id"])
    paths = sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
    return _write([(f"{pack_id}/{p.relative_to(folder).as_posix()}", p.read_bytes()) for p in paths]), pack_id


def zip_text(pack_id: str, text: str) -> bytes:
    """A stored pack (one YAML text holding every document, its manifest included) as a pack folder's zip."""
    return _write([(f"{pack_id}/pack.yaml", text.encode("utf-8"))])
