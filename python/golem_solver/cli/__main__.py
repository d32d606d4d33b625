"""``python -m golem_solver.cli``: the same as the ``golem-solve`` command."""

from . import main

main()
