"""Rolled West's own tests (issue 38): its components, every rule of its rule text, its rulings
(docs/rolled-west-rulings.md) and its state machine.  The house's conformance suite runs on it by registration
(tests/core/test_conformance.py)."""
