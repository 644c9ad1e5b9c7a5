"""The domain transitions: every user action as a pure function ``(state, command) -> Step``.

A :class:`Step` holds the new :class:`~tournament_desk.core.model.EventState` and the action's name; what
changed is computed from the two states (:func:`tournament_desk.core.changes.diff_states`). Each function
checks the rules it enforces, cites their section, and raises a precise :class:`TournamentError` otherwise.
Nothing here reads a file, a clock or a random source: the services pass in what such a choice needs
(a drawn colour, a lot's seed), store the new state in one transaction, and return the change.

* :mod:`.players`   registration, withdrawals, pairing numbers, requested byes, forbidden pairs
* :mod:`.rounds`    storing and unpairing rounds, results, byes
* :mod:`.swiss`     the Dutch and score-group engines fed from the event (pairing numbers, requests)
* :mod:`.roundrobin` the Berger grid rounds
* :mod:`.topcut`    the knockout top cut
* :mod:`.settings`  event settings, rule settings and options
* :mod:`.whole_event` a whole event taken by an empty one (a homologation bundle read back)

:func:`.step.chain` runs several transitions as one step (an import: players, rounds, requests... one undo step).
"""

from tournament_desk.core.actions.step import Message, Step, chain

__all__ = ["Message", "Step", "chain"]
