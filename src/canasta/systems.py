"""Meld systems and table rules: the extension point that the Classic family is one instance of.

A :class:`~canasta.Variant` holds two frozen members beside its flat fields
(RULES-FAMILIES X "Model implications", "Recommended extension point"):

- :class:`MeldSystem`: which meld kinds exist (X.1; Classic: the same-rank group only), how
  many groups of one rank a side may hold (Classic: one), the wild-card limit of a meld and the
  canasta classifier with its bonus (X.2);
- :class:`TableRules`: the initial-meld requirement (X.6), the going-out requirement (X.7) and
  the zones of each seat (X.4; Classic: the hand alone).

Both are data. What data cannot say is a *hook*: a small pure function registered here under a
name (:func:`register_hook`), and named by that string in the variant, so that a variant stays
JSON. The engine resolves each hook once, when the variant is built, and calls it where it
worked the rule out before; it never asks which family it runs.

>>> from canasta import get_variant
>>> def by_round(variant, side_total, hand_number):
...     return (50, 90, 120, 150)[min(hand_number, 4) - 1]
>>> register_hook("opening", "by_round_doc", by_round)
>>> v = get_variant("classic").derive(table_rules=TableRules(opening="by_round_doc"))
>>> v.minimum_for(0, hand_number=3)
120

Citations such as X.1 or H1 are items of RULES-FAMILIES (section X "Model implications",
section H Hand and Foot), beside the sections of the rules reference.

This module imports only the melds (the variants import it, so a hook's ``variant`` is typed
``Any`` here: it is a :class:`~canasta.Variant`); the hooks receive the variant, never a state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from .errors import VariantError
from .melds import Meld, MeldKind

__all__ = [
    "HOOK_ROLES",
    "CanastaHook",
    "GoingOutHook",
    "MeldKind",
    "MeldSystem",
    "OpeningHook",
    "TableRules",
    "WildLimitHook",
    "hook",
    "hook_names",
    "register_hook",
]

#: ``(variant, side_total, hand_number) -> points``: the initial-meld minimum of a side whose
#: match total before the deal is ``side_total`` (points), in hand ``hand_number`` (1 for the
#: first hand) (§1 "Initial-meld minimum"; RULES-FAMILIES X.6, H1 minimums by round).
OpeningHook = Callable[[Any, int, int], int]
#: ``(variant, meld) -> (natural, bonus)``: for a meld of at least ``variant.canasta_size``
#: cards, whether it scores on the natural-canastas line (else the mixed one) and its bonus in
#: points (§1 "Canasta"; RULES-FAMILIES X.2).
CanastaHook = Callable[[Any, Meld], tuple[bool, int]]
#: ``(variant) -> canastas``: how many canastas a side needs before a player may go out
#: (§1 "Canastas to go out"; RULES-FAMILIES X.7).
GoingOutHook = Callable[[Any], int]
#: ``(variant, naturals) -> wilds``: how many wild cards a meld of ``naturals`` natural cards may
#: hold (§1 "Meld composition", §4 A1; RULES-FAMILIES X.2). Never more than
#: ``variant.max_wilds``: a larger answer is cut to it.
WildLimitHook = Callable[[Any, int], int]

#: The roles a hook can play, each with the field that names it.
HOOK_ROLES: Final = {
    "opening": "table_rules.opening",
    "going_out": "table_rules.going_out",
    "canasta": "meld_system.canasta",
    "wild_limit": "meld_system.wild_limit",
}

_HOOKS: dict[str, dict[str, Callable[..., Any]]] = {role: {} for role in HOOK_ROLES}


def register_hook(role: str, name: str, function: Callable[..., Any]) -> None:
    """Register ``function`` as the hook ``name`` for ``role`` (one of :data:`HOOK_ROLES`), so
    that a :class:`MeldSystem` or :class:`TableRules` may name it. The function must be pure:
    the engine calls it when a variant is built (the going-out and wild-limit hooks, whose
    answers it keeps) or for each state it asks (the opening and canasta hooks). Registering a
    name again replaces the function for variants built afterwards.

    Raises:
        VariantError: an unknown role, a name that is not a short identifier, or a
            ``function`` that is not callable.
    """
    if role not in _HOOKS:
        raise VariantError("hook", f"unknown role {role!r}; roles: {', '.join(HOOK_ROLES)}")
    if not isinstance(name, str) or not name.isidentifier() or len(name) > 64:
        raise VariantError(HOOK_ROLES[role], f"a hook name is an identifier, not {name!r:.60}")
    if not callable(function):
        raise VariantError(HOOK_ROLES[role], f"hook {name!r} is not callable")
    _HOOKS[role][name] = function


def hook(role: str, name: str) -> Callable[..., Any]:
    """The function registered as ``name`` for ``role``.

    Raises:
        VariantError: no such hook; the error names the field that names it.
    """
    found = _HOOKS.get(role, {}).get(name)
    if found is None:
        known = ", ".join(sorted(_HOOKS.get(role, {})))
        raise VariantError(
            HOOK_ROLES.get(role, role), f"unknown {role} hook {name!r:.60}; known: {known}"
        )
    return found


def hook_names(role: str) -> tuple[str, ...]:
    """The names registered for ``role``, sorted."""
    return tuple(sorted(_HOOKS.get(role, {})))


def _named(role: str) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(inst: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, str):
            raise VariantError(HOOK_ROLES[role], f"names a hook: a string, not {value!r:.60}")
        hook(role, value)

    return check


def _to_kinds(value: Any) -> tuple[MeldKind, ...]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise VariantError(
            "meld_system.kinds", f"must be a sequence of meld kinds, not {value!r:.60}"
        )
    try:
        return tuple(MeldKind(k) for k in value)
    except ValueError:
        choices = ", ".join(repr(k.value) for k in MeldKind)
        raise VariantError("meld_system.kinds", f"a meld kind is one of {choices}") from None


def _check_kinds(inst: Any, attribute: attrs.Attribute[Any], value: tuple[MeldKind, ...]) -> None:
    if value != (MeldKind.GROUP,):
        raise VariantError(
            "meld_system.kinds",
            "the engine plays same-rank groups only, (group,): sequences and wild melds are "
            "to come (RULES-FAMILIES X.1)",
        )


def _check_per_rank(inst: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not int or value != 1:
        raise VariantError(
            "meld_system.groups_per_rank",
            "the engine holds one group per rank and side (1): actions do not yet name the "
            f"meld they add to (RULES-FAMILIES X.1), not {value!r:.60}",
        )


def _to_zones(value: Any) -> tuple[str, ...]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise VariantError(
            "table_rules.zones", f"must be a sequence of zone names, not {value!r:.60}"
        )
    return tuple(value)


def _check_zones(inst: Any, attribute: attrs.Attribute[Any], value: tuple[Any, ...]) -> None:
    if not value or value[0] != "hand":
        raise VariantError("table_rules.zones", "the first zone of a seat is its hand, 'hand'")
    for name in value:
        if not isinstance(name, str) or not name.isidentifier() or len(name) > 32:
            raise VariantError(
                "table_rules.zones", f"a zone name is an identifier, not {name!r:.40}"
            )
    if len(set(value)) != len(value):
        raise VariantError("table_rules.zones", "a zone is named twice")
    if len(value) > 8:
        raise VariantError("table_rules.zones", "at most 8 zones per seat")


@attrs.frozen(kw_only=True)
class MeldSystem:
    """The melds of a family and how they score (RULES-FAMILIES X.1, 2). Classic's is the
    default: same-rank groups, one per rank and side, the wild limit of :attr:`Variant.max_wilds
    <canasta.Variant.max_wilds>` and :attr:`~canasta.Variant.wild_ratio`, natural and mixed
    canastas with the variant's bonuses.

    Raises:
        VariantError: a kind or count the engine does not play yet, or a hook name not
            registered (:func:`register_hook`); the error names the field
            (``meld_system.canasta``...).
    """

    #: The meld kinds a side may lay (X.1); the engine plays ``(group,)``.
    kinds: tuple[MeldKind, ...] = attrs.field(
        default=(MeldKind.GROUP,), converter=_to_kinds, validator=_check_kinds
    )
    #: How many groups of one rank a side may hold (X.1: Classic 1, Samba several).
    groups_per_rank: int = attrs.field(default=1, validator=_check_per_rank)
    #: The hook (role ``"wild_limit"``) that caps the wild cards of a meld by its naturals.
    wild_limit: str = attrs.field(default="ratio", validator=_named("wild_limit"))
    #: The hook (role ``"canasta"``) that classifies a canasta and gives its bonus.
    canasta: str = attrs.field(default="natural_mixed", validator=_named("canasta"))

    def __str__(self) -> str:
        kinds = "+".join(k.value for k in self.kinds)
        return f"{kinds} x{self.groups_per_rank} wilds:{self.wild_limit} canasta:{self.canasta}"


@attrs.frozen(kw_only=True)
class TableRules:
    """The rules of the table around the melds (RULES-FAMILIES X.4, 6, 7). Classic's is the
    default: the opening minimum by score bands (:attr:`Variant.minimum_bands
    <canasta.Variant.minimum_bands>`), :attr:`~canasta.Variant.canastas_to_go_out` canastas to go
    out, and one zone per seat, the hand.

    Raises:
        VariantError: a hook name not registered (:func:`register_hook`) or bad zones; the
            error names the field (``table_rules.opening``...).
    """

    #: The hook (role ``"opening"``) giving the initial-meld minimum (X.6).
    opening: str = attrs.field(default="score_bands", validator=_named("opening"))
    #: The hook (role ``"going_out"``) giving the canastas needed to go out (X.7).
    going_out: str = attrs.field(default="canastas", validator=_named("going_out"))
    #: The zones of each seat, in the order they are played (X.4): ``"hand"`` first, then the
    #: hidden packets (a foot). A state's :attr:`~canasta.GameState.zones` holds the packets
    #: after the hand.
    zones: tuple[str, ...] = attrs.field(
        default=("hand",), converter=_to_zones, validator=_check_zones
    )

    def __str__(self) -> str:
        return f"opening:{self.opening} out:{self.going_out} zones:{'+'.join(self.zones)}"


# ---------------------------------------------------------------------------- Classic's hooks
def score_bands(variant: Any, side_total: int, hand_number: int) -> int:
    """Classic's opening: the minimum of the :attr:`~canasta.Variant.minimum_bands` band that
    holds ``side_total`` (§1 "Initial-meld minimum", §2 cases 15, 16), whatever the hand."""
    bands: tuple[tuple[int | None, int], ...] = variant.minimum_bands
    need = bands[0][1]
    for lo, m in bands[1:]:
        if lo is not None and side_total >= lo:
            need = m
    return need


def natural_mixed(variant: Any, meld: Meld) -> tuple[bool, int]:
    """Classic's canastas: natural without a wild card, else mixed, with the variant's bonuses
    (§1 "Canasta")."""
    if meld.wilds:
        return False, variant.mixed_canasta_bonus
    return True, variant.natural_canasta_bonus


def canastas(variant: Any) -> int:
    """Classic's going out: :attr:`~canasta.Variant.canastas_to_go_out` canastas of any kind
    (§1 "Canastas to go out")."""
    need: int = variant.canastas_to_go_out
    return need


def ratio(variant: Any, naturals: int) -> int:
    """Classic's wild limit: :attr:`~canasta.Variant.max_wilds`, within the
    :attr:`~canasta.Variant.wild_ratio` (§1 "Meld composition", §4 A1)."""
    limit: int = variant.max_wilds
    rule = variant.wild_ratio
    if rule == "at_most_equal":
        limit = min(limit, naturals)
    elif rule == "strictly_fewer":
        limit = min(limit, naturals - 1)
    return max(limit, 0)


register_hook("opening", "score_bands", score_bands)
register_hook("canasta", "natural_mixed", natural_mixed)
register_hook("going_out", "canastas", canastas)
register_hook("wild_limit", "ratio", ratio)
