"""``python -m companion``: the same as the ``companion`` command."""

from companion.cli import main

if __name__ == "__main__":
    main()
