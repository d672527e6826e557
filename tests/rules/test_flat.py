"""rules/flat.py: a flat record's quick copy is its deep copy; a record that nests is refused."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from rules.clash.activation_state import Activation
from rules.clash.attack_state import AttackRoll, ClashAttack
from rules.clash.state import ActivationToken, PermanentBonuses, WoundCard
from rules.flat import flat, flat_copy


def _activation() -> Activation:
    return Activation(source="ai", monster="abbot", targets=["kara"], naturals=[3, 9], guarded={1: 2},
                      group_virtues={"kara": "courage"}, reacted=["movement:0"])


def _attack() -> ClashAttack:
    return ClashAttack(precision=1, to_hit=6, naturals=[10, 4], knight="kara", mini="kara", weapon="gear_x",
                       monster="abbot", keep={"opening": 1}, spawned=["mob-1"])


@pytest.mark.parametrize("record", [_activation(), _attack(), ActivationToken(kind="ai", ready=False), WoundCard(),
                                    PermanentBonuses(at=2)],
                         ids=["activation", "knight_attack", "token", "wound_card", "bonuses"])
def test_flat_copy_is_the_deep_copy_and_shares_no_container(record: BaseModel) -> None:
    deep, quick = record.model_copy(deep=True), flat_copy(record)
    assert quick == deep and type(quick) is type(record)
    assert quick.model_fields_set == deep.model_fields_set
    assert quick.model_dump_json() == record.model_dump_json()
    shared = [name for name, value in record.__dict__.items()
              if isinstance(value, list | dict) and value is quick.__dict__[name]]
    assert shared == []
    for value in quick.__dict__.values():  # changing the copy's containers leaves the record as it was
        if isinstance(value, list):
            value.append(0)
        elif isinstance(value, dict):
            value.clear()
    assert record == deep


def test_pydantic_keeps_a_model_in_the_slots_flat_copy_fills() -> None:
    assert BaseModel.__slots__ == ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__")


def test_a_record_that_nests_is_not_flat() -> None:
    class Nested(BaseModel):
        rolls: list[AttackRoll]

    with pytest.raises(TypeError, match="rolls"):
        flat(Nested)

    class Deeper(BaseModel):
        groups: dict[str, list[str]]

    with pytest.raises(TypeError, match="groups"):
        flat(Deeper)

    class Loose(BaseModel, extra="allow"):
        n: int = 0

    with pytest.raises(TypeError, match="extra"):
        flat(Loose)


def test_only_a_declared_record_is_copied_flat() -> None:
    with pytest.raises(TypeError, match="AttackRoll"):
        flat_copy(AttackRoll(precision=0, to_hit=6, naturals=[1]))
