"""Run a gemmsim subcommand in-process and capture what it prints; library errors propagate
(unlike gemmsim.cli.main, which turns them into exit code 2), so tests can match them."""

from gemmsim.cli import build_parser


def run_cli(argv, capsys):
    args = build_parser().parse_args(argv)
    rc = args.func(args)
    return rc, capsys.readouterr().out
