"""Hub-ready datasets: near-duplicate removal, leak-free splits, the Hugging Face dataset card
with its `configs`, plots, the chat-template SDG export and `trajgen push`.

The engine calls `prepare.prepare` between running the items and exporting them (dedup, then
the split of every accepted sample) and `card.card_text` after the export; everything else here
reads the written files.
"""
