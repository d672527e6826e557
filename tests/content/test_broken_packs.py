"""A hostile or careless pack is refused with one clear line per problem: file:line: yaml.path: message."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from content.loader import MAX_FILE_BYTES, STARTER_PACK, ContentInvalid, load_catalogue, validate_pack

MANIFEST = 'kind: pack\nid: broken\nname: A broken pack\nversion: "1.0"\n'

BAD_DECK = """\
kind: deck
id: broken_deck
name: Broken deck
back: Broken
after_draw: bottom
cards:
  - id: broken_deck_wrong_types
    name: Wrong types
    text: An amount that is not a number and an arrow that points nowhere.
    direction: up
    effects:
      - {type: lose_vigor, amount: lots}
  - id: broken_deck_unknown_effect
    name: Unknown effect
    text: The bot cannot heal anyone fully.
    effects:
      - type: text
        text: fine
      - type: heal_fully
  - id: broken_deck_no_name
    text: This card forgot its name.
"""

# Valid on its own, but its second card reuses an id of the starter pack.
DUPLICATE = """\
kind: deck
id: broken_dupes
name: Dupes
back: Dupes
after_draw: discard
cards:
  - id: broken_dupes_fresh
    name: Fresh
    text: A new card.
  - id: minor_mortis_bloodied_brow
    name: Bloodied Brow again
    text: Copied from the starter pack.
"""

SYNTAX = """\
kind: deck
id: broken_syntax
name: Syntax
back: Syntax
after_draw: bottom
cards:
  - id: broken_syntax_card
    name: Unclosed
    tags: [negative, death
    text: The list above is never closed.
"""

PYTHON_TAG = """\
kind: deck
id: broken_evil
name: Evil
back: Evil
after_draw: bottom
cards:
  - id: broken_evil_card
    name: Evil
    text: Tries to build a Python object.
    effects:
      - !!python/object/apply:os.system ["echo pwned"]
"""

EXPECTED = [
    "broken/decks/bad.yaml:10: cards[0].direction: Input should be 'north', 'east', 'south' or 'west'",
    "broken/decks/bad.yaml:12: cards[0].effects[0].amount: "
    "Input should be a valid integer, unable to parse string as an integer",
    "broken/decks/bad.yaml:19: cards[1].effects[1].type: unknown type 'heal_fully'; use one of: "
    "'lose_vigor', 'gain_vigor', 'gain_heat', 'lose_heat', 'gain_passion', 'gain_bane', 'gain_threat', "
    "'gain_curse', 'escalate', 'knockback', 'pushback', 'drag', 'peril_check', 'gain_condition', "
    "'place_knight_tokens', 'knocked_down', 'die', 'survive', 'text', 'poison', 'toxify', 'parasitize', "
    "'choke', 'fortify', 'zeal', 'fleisch', 'cooldown', 'delay', 'discard', 'restrain', 'refresh', "
    "'knockback_side', 'pushback_toward', 'drag_toward'",
    "broken/decks/bad.yaml:20: cards[2].name: Field required",
    "broken/decks/evil.yaml:11: cards[0].effects[0]: YAML tag !!python/object/apply:os.system is not "
    "allowed in content packs (no custom or !!python tags)",
    "broken/decks/syntax.yaml:10: (document): expected ',' or ']', but got ':' "
    "(while parsing a flow sequence started at line 9)",
    "broken/decks/dupes.yaml:10: cards[1].id: id 'minor_mortis_bloodied_brow' is already defined at "
    "starter/decks/minor_mortis.yaml:11; ids must be unique across packs",
]


def write_pack(root: Path, files: dict[str, str]) -> Path:
    pack = root / "broken"
    for name, text in files.items():
        (pack / name).parent.mkdir(parents=True, exist_ok=True)
        (pack / name).write_text(text, encoding="utf-8")
    return pack


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    return write_pack(tmp_path, {
        "pack.yaml": MANIFEST,
        "decks/bad.yaml": BAD_DECK,
        "decks/dupes.yaml": DUPLICATE,
        "decks/syntax.yaml": SYNTAX,
        "decks/evil.yaml": PYTHON_TAG,
    })


def test_every_problem_is_one_clear_line(broken: Path) -> None:
    assert [str(e) for e in validate_pack(broken)] == EXPECTED


def test_load_catalogue_raises_with_the_same_lines(broken: Path) -> None:
    with pytest.raises(ContentInvalid) as info:
        load_catalogue([broken])
    assert str(info.value).splitlines() == EXPECTED


def test_the_starter_pack_line_quoted_by_the_duplicate_error_is_the_id() -> None:
    lines = (STARTER_PACK / "decks" / "minor_mortis.yaml").read_text(encoding="utf-8").splitlines()
    assert lines[11 - 1].strip() == "- id: minor_mortis_bloodied_brow"


def test_a_valid_extra_pack_merges_after_the_starter_pack(tmp_path: Path) -> None:
    pack = write_pack(tmp_path, {"pack.yaml": MANIFEST, "decks/ok.yaml": DUPLICATE.replace(
        "minor_mortis_bloodied_brow", "broken_dupes_second")})
    assert validate_pack(pack) == []
    catalogue = load_catalogue([pack])
    assert [p.id for p in catalogue.packs] == ["starter", "broken"]
    assert catalogue.origin["broken_dupes_second"] == "broken/decks/ok.yaml:10"


def test_duplicate_keys_merge_keys_odd_keys_and_custom_tags_are_refused(tmp_path: Path) -> None:
    pack = write_pack(tmp_path, {
        "pack.yaml": MANIFEST,
        "twice.yaml": "kind: dice\nid: x\nid: y\n",
        "merge.yaml": "kind: deck\nbase: &b {name: B}\ncards:\n  - <<: *b\n",
        "listkey.yaml": "kind: deck\n? [a, b]\n: c\n",
        "tag.yaml": "kind: deck\nid: !shout loud\n",
    })
    assert [str(e) for e in validate_pack(pack)] == [
        "broken/listkey.yaml:2: (document): a mapping key must be a plain value, not a list or a map",
        "broken/merge.yaml:4: cards[0]: merge keys (<<) are not supported; write the fields out",
        "broken/tag.yaml:2: id: YAML tag !shout is not allowed in content packs (no custom or !!python tags)",
        "broken/twice.yaml:3: id: key 'id' appears twice in this mapping",
    ]


BILLION_LAUGHS = """\
a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]
h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g, *g]
i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h, *h]
kind: deck
"""


def test_an_alias_bomb_is_refused_quickly(tmp_path: Path) -> None:
    pack = write_pack(tmp_path, {"pack.yaml": MANIFEST, "bomb.yaml": BILLION_LAUGHS})
    start = time.perf_counter()
    errors = validate_pack(pack)
    assert time.perf_counter() - start < 5
    assert len(errors) == 1
    assert errors[0].file == "broken/bomb.yaml"
    assert "too many YAML nodes (more than 100000, aliases expanded)" in errors[0].message


def test_a_huge_file_is_refused_unread(tmp_path: Path) -> None:
    pack = write_pack(tmp_path, {"pack.yaml": MANIFEST, "huge.yaml": "# " + "x" * (2 * 1024 * 1024) + "\n"})
    start = time.perf_counter()
    errors = validate_pack(pack)
    assert time.perf_counter() - start < 5
    size = (pack / "huge.yaml").stat().st_size
    assert [str(e) for e in errors] == [
        f"broken/huge.yaml: (document): file is {size} bytes; the limit is {MAX_FILE_BYTES}"
    ]
