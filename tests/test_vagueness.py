from generator.core.vagueness import countable, gold_values, mentions_app, normalize, value_recall


def test_norm_lowercases_and_collapses_whitespace():
    assert normalize("  The  River\tMall\n") == "the river mall"
    assert normalize(12.5) == "12.5"


def test_gold_values_skips_booleans_none_and_short_values_and_splits_lists():
    params = {"loc": "Maple Court", "delivery": True, "x": None, "n": 5, "price": 30,
              "food": ["dumplings", "rice", "x"]}
    assert gold_values(params) == [("loc", "maple court"), ("price", "30"),
                                   ("food", "dumplings"), ("food", "rice")]
    assert not countable(False) and not countable("a") and countable("ab")


def test_value_recall_is_share_of_literal_values():
    vals = gold_values({"start": "Maple Court", "end": "Willow Park", "mode": "public_transit"})
    assert value_recall("Route from maple  court to the park", vals) == 1 / 3
    assert value_recall("anything", []) == 0.0


def test_mentions_app():
    assert mentions_app("Open Taobao and search", "Taobao")
    assert not mentions_app("search for shoes", "Taobao")
    assert not mentions_app("x", "")
