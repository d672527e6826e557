"""The words of the Mob track and of the Mobs' miniatures (rules/clash/mob_facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, renders
from rules.clash.mob_facts import MobNoSpawn, MobPlaceByHand, MobRises, MobSpawned, MobTokenPassed, MobTokenSpent


@renders(MobTokenSpent)
def _spent(f: MobTokenSpent) -> str:
    return f"The Activation token moves from Mob {f.mob} to Mob {f.to}, spent."


@renders(MobTokenPassed)
def _passed(f: MobTokenPassed) -> str:
    if f.to is None:
        return "Its Activation token waits for the next Mob on the track."
    return f"Its Activation token moves to Mob {f.to} ({'ready' if f.ready else 'spent'})."


@renders(MobNoSpawn)
def _no_spawn(f: MobNoSpawn) -> str:
    if f.why == "full":
        return "The Mob track is full: no Mob spawns."
    return "No BP card is left in the Escalation deck: no Mob spawns."


@renders(MobSpawned)
def _spawned(f: MobSpawned) -> str:
    return (f"A BP {f.level} Mob spawns as Mob {f.mob}; place its miniature and turn it to face "
            "the most Knights.")


@renders(MobPlaceByHand)
def _by_hand(f: MobPlaceByHand) -> str:
    where = f.placement or "as the Monster Sheet says"
    return (f"✋ By hand: place Mob {f.mob}'s miniature ({where}) with /clash place kind:mob "
            f"name:\"{f.name}\" number:{f.mob} space:<space>, facing the most Knights.")


@renders(MobRises)
def _rises(f: MobRises) -> str:
    near = f", the closest Board Edge space to {name(f.knight)}" if f.knight else ""
    return f"🌊 Mob {f.mob} rises on {f.space}{near}, facing {f.facing}."
