"""`python -m net`: the game server (same as `el-grande-server`)."""
from net.cli import main

main()
