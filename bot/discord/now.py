"""``/now`` in Discord: one embed of the campaign as it is now, with the waiting question's buttons.

The App's reply (bot/app/commands/now.py) carries everything in ``data`` (``data["view"] == "now"``) and the first
question waiting as its ``pending``, exactly as a decision reply carries it; ``replies.render`` draws the embed here
and puts that question's buttons or select menu under it (bot/discord/decisions.py ``decision_view``), so pressing
one answers the question as the typed command would. The console shows the same reply as text. No rules here."""

from __future__ import annotations

from typing import Any

import discord

from bot.app.reply import Reply

FIELD_LIMIT = 1024  # Discord: an embed field's value
MAX_FIELDS = 25
TOTAL_LIMIT = 6000  # Discord: every embed of a message together
TITLE = "⏱️ Now"


def _cut(lines: list[str]) -> str:
    """Lines as one field value: as many whole lines as fit, then "…"."""
    out: list[str] = []
    for line in lines:
        if len("\n".join([*out, line])) > FIELD_LIMIT - 2:
            out.append("…")
            break
        out.append(line)
    return "\n".join(out) or "—"


def _knights(data: dict[str, Any]) -> list[str]:
    return [f"**{k['name']}**{' (dead)' if k['dead'] else ''}: Vigor {k['vigor']}/{k['max_vigor']} · Heat "
            f"{k['heat']}/{k['heat_limit']} · Passion {k['passion']}"
            + (f" · {', '.join(k['conditions'])}" if k["conditions"] else "") for k in data["knights"]]


def _weapons(turn: dict[str, Any]) -> list[str]:
    out = []
    for w in turn["weapons"]:
        state = " (exhausted)" if w["exhausted"] else " (discarded)" if w["discarded"] else ""
        if not w["in_range"]:
            out.append(f"{w['name']}{state}: out of range")
            continue
        odds = "; ".join(f"{o['target']}: Wound **{o['shown']}**" for o in w["odds"] if "shown" in o)
        out.append(f"{w['name']}{state}: in range of {', '.join(w['targets'])}" + (f" — {odds}" if odds else ""))
    return out


def _usable(turn: dict[str, Any]) -> list[str]:
    out = [f"⚡ **{a['ability']}** ({a['card']}{', ' + a['cost'] if a['cost'] else ''})"
           + (f": {a['text']}" if a["text"] else "") for a in turn["abilities"]]
    out += [f"🃏 **{c['name']}** ({c['cost']}{'' if c['payable'] else ', cannot be paid now'}): {c['text']} "
            f"Exert: {c['exert']}" for c in turn["techniques"]]
    return out


def _question(q: dict[str, Any]) -> list[str]:
    return [q["prompt"], *(f"`{o['key']}` — {o['label']}" for o in q["options"])]


def now_embed(reply: Reply, colour: discord.Colour) -> discord.Embed:
    """The embed of a ``/now`` reply: the phase and the Round in the description, a field each for the Knights, the
    turn Knight's weapons (with their odds), Movement and what they may use, the Reactions of an open window, each
    question waiting, and the next command."""
    data = reply.data
    c = data.get("clash")
    head = [f"**{data['phase']}**"]
    if c is not None:
        head.append(f"Round {c['round']} · {'Knight' if c['phase'] == 'knight' else 'Monster'} Round"
                    + (f" · **{c['turn']}**'s turn" if c["turn"] else "") + (f" · over ({c['over']})" if c["over"]
                                                                             else ""))
        head.append("Knight Pool: " + (", ".join(f"{n} {t.replace('_', ' ')}" for t, n in c["pool"].items())
                                       or "empty"))
    embed = discord.Embed(title=TITLE, description="\n".join(head), colour=colour)
    fields: list[tuple[str, list[str]]] = [("Knights", _knights(data))]
    turn = data.get("turn")
    if turn is not None:
        fields.append((f"{turn['name']}'s weapons", _weapons(turn) or ["none"]))
        moves = ("has made the Movement Action" if turn["moved"] else
                 "may move to " + (", ".join(r["space"] for r in turn["reachable"][:20]) or "nowhere"))
        fields.append((f"{turn['name']}'s Movement", [moves]))
        fields.append((f"{turn['name']} may use", _usable(turn) or ["nothing now"]))
    for name, abilities in (data.get("reactions") or {}).items():
        fields.append((f"{name} may react", [f"⚡ **{a['ability']}** ({a['card']})" + (f": {a['text']}" if a["text"]
                                                                                         else "") for a in abilities]))
    for q in data.get("questions") or []:
        fields.append((f"❓ {q['id']}", _question(q)))
    nxt = ("Next", [str(data["next"])])
    for name, lines in fields[:MAX_FIELDS - 1]:
        value = _cut(lines)
        if len(embed) + len(name) + len(value) > TOTAL_LIMIT - 300:  # keep room for the next command
            embed.set_footer(text="Not everything fits in one embed; the rest is left out (the console shows it all).")
            break
        embed.add_field(name=name[:256], value=value, inline=False)
    embed.add_field(name=nxt[0], value=_cut(nxt[1]), inline=False)
    return embed
