"""Phrase building blocks of the template writer (`generator.writers.template`).

intents: intent templates and slot filling; args: argument phrases and modifiers; clauses: one
call as a clause; joins: multi-call joining; styles: openers, needs, context sentences;
scenes: scenario framing for framed levels; grammar: surface clean-up.
"""
