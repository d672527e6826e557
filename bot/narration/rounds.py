"""The words of the Clash's Rounds (rules/clash/round_facts.py), with the commands to type next."""

from __future__ import annotations

from bot.narration import board
from bot.narration.registry import bold, name, renders, words
from rules.clash.round_facts import (
    ClashOverCalled,
    ConditionActs,
    FacingBeforeAttack,
    KnightMoved,
    KnightRoundEnded,
    KnockdownStep,
    PoolChanged,
    RefreshByHand,
    RoundBegins,
    RoundKnightLine,
    RushAutoBreak,
    SighReplay,
    TurnEnded,
    TurnOpened,
)


@renders(RoundBegins)
def _begins(f: RoundBegins) -> str:
    if f.phase == "monster":
        return f"🌑 **Monster Round {f.round}.** Every Activation token is ready."
    return (f"🌕 **Knight Round {f.round}.** Each Knight takes a turn, in any order: /knight move, /knight attack, "
            "then /knight end-turn.")


@renders(KnightRoundEnded)
def _ended(f: KnightRoundEnded) -> str:
    if f.next is not None:
        return f"Next: Monster Round {f.next} — /monster round."
    return f"End of Knight Round {f.round}."


@renders(ClashOverCalled)
def _over(f: ClashOverCalled) -> str:
    return f"🏁 The Clash is over: **{f.outcome}**. The GM closes it with /clash end."


@renders(SighReplay)
def _sigh(f: SighReplay) -> str:
    if f.step == "spent":
        where = f" against {f.against}" if f.against else ""
        return (f"🌬️ {bold(f.knight)} spends a Sigh of the Graal: the Clash{where} is replayed without any of its "
                "consequences.")
    if f.step == "erased":
        then = [x if isinstance(x, str) else words(x) for x in f.then]
        return f"{name(f.knight)}: " + " ".join(t for t in then if t is not None)
    if f.step == "restored":
        return "The game is restored to the state from before the Clash (Knights, Kingdom track, decks, board)."
    return ("The dice go on from where they stand: the replayed Clash rolls new dice. The GM starts it again with "
            "/clash start.")


@renders(TurnOpened)
def _opened(f: TurnOpened) -> str:
    return f"▶️ {name(f.knight)}'s turn."


@renders(RefreshByHand)
def _refresh(f: RefreshByHand) -> str:
    return f"✋ Refresh: {f.why} (with /knight technique)."


@renders(KnockdownStep)
def _knockdown(f: KnockdownStep) -> str:
    if f.step == "stands":
        return f"{name(f.knight)} stands up (Knockdown, standing up side)."
    if f.step == "down":
        return (f"{name(f.knight)} is knocked down: no movement, actions, reactions or free actions this turn "
                "(/knight end-turn).")
    return (f"{name(f.knight)} flips the Knockdown card to its standing up side: they stand up at the start of "
            "their next turn.")


@renders(TurnEnded)
def _turn_ended(f: TurnEnded) -> str:
    return f"⏹️ {name(f.knight)} ends their turn."


@renders(ConditionActs)
def _condition(f: ConditionActs) -> str:
    return f"{name(f.knight)}'s Condition {f.condition} acts at the end of the turn."


@renders(RoundKnightLine)
def _knight_line(f: RoundKnightLine) -> str:
    then = [x if isinstance(x, str) else words(x) for x in f.then]
    return f"{name(f.knight)}: " + " ".join(t for t in then if t is not None)


@renders(KnightMoved)
def _moved(f: KnightMoved) -> str:
    if f.rush:
        return (f"💨 {name(f.knight)} uses **{f.rush}** (a Complicated Action: the Movement and Combat Actions): "
                f"moves {f.spaces} spaces to {f.space} (Speed {f.speed}). {board.told(f.then)}").rstrip()
    return f"🚶 {name(f.knight)} moves to {f.space} (Speed {f.speed}). {board.told(f.then)}".rstrip()


@renders(RushAutoBreak)
def _auto_break(f: RushAutoBreak) -> str:
    extra = " and +1 Precision" if f.kind == "Improved Rush" else ""
    return f"{f.kind}: Auto-break 1 (a Break token in the Knight Pool){extra} for this Attack."


@renders(PoolChanged)
def _pool(f: PoolChanged) -> str:
    shown = ", ".join(f"{n} {t}" for t, n in f.pool) or "empty"
    verb = f"gains {f.count}" if f.count > 0 else f"loses {-f.count}"
    return f"The Knight Pool {verb} {f.token.replace('_', ' ')} token(s): {shown}."


@renders(FacingBeforeAttack)
def _facing(f: FacingBeforeAttack) -> str:
    more = " (it could as well face the other way toward its Target: the GM may turn it with /clash place)" \
        if f.tied else ""
    return f"🧭 Before the Attack: {board.told(f.then)}{more}"
