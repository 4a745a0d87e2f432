"""An enum value that names an action by its noun ("purchase", "donation", "rental") said by the
verb of that action: "we bought it" is a purchase, "they donated it" a donation, "we rented it" a
rental.

The table pairs a noun with the everyday verbs that mean exactly it, and nothing looser: a
"gift" is "donated" (not "given", which says nothing on its own), a "transfer" is "transferred".
Every inflection of a verb comes from lemminflect ("buy" -> "bought", "buys", "buying"), and so
do the inflections of a value word that is a verb itself ("purchase" -> "purchased"), so the
table holds lemmas only.
"""

from __future__ import annotations

from functools import lru_cache

# noun of an action -> verbs (lemmas) that say it in everyday words
_VERBS: dict[str, tuple[str, ...]] = {
    "purchase": ("buy", "purchase"), "buy": ("buy",), "sale": ("sell",), "sell": ("sell",),
    "gift": ("donate", "gift"), "donation": ("donate",), "donate": ("donate",),
    "bequest": ("bequeath",), "rental": ("rent",), "rent": ("rent",), "lease": ("lease",),
    "loan": ("lend", "loan"), "borrow": ("borrow",), "transfer": ("transfer",), "exchange": ("exchange",),
    "refund": ("refund",), "repair": ("repair",), "replacement": ("replace",), "installation": ("install",),
    "removal": ("remove",), "inspection": ("inspect",), "cancellation": ("cancel",), "payment": ("pay",),
    "subscription": ("subscribe",), "reservation": ("reserve",), "delivery": ("deliver",),
    "commission": ("commission",), "acquisition": ("acquire",), "adoption": ("adopt",), "deletion": ("delete",),
}


@lru_cache(maxsize=4096)
def verb_forms(value: str) -> tuple[str, ...]:
    """The inflected verbs that say a one-word action value ("purchase" -> "bought", "buys",
    "buying", "purchased", ...); () for a value the table does not hold."""
    from lemminflect import getAllInflections

    lemmas = _VERBS.get(value.strip().lower(), ())
    forms = [f for lemma in lemmas for group in getAllInflections(lemma, upos="VERB").values() for f in group]
    return tuple(dict.fromkeys(f for f in [*lemmas, *forms] if f != value.strip().lower()))
