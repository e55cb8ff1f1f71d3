# zsh's completion system replaced by stubs that print what they are asked to offer, so
# docs.bats can read what _zswapbench completes without a terminal: zsh -f zsh_stubs.zsh FILE WORDS...
_arguments() { print -rl -- "$@" }
_values() { print -r -- "values: $*" }
compadd() { print -r -- "compadd: $*" }
_describe() { print -r -- "describe: $*"; print -rl -- $cmds }
_files() { print -r -- "files: $*" }
_users() { print -r -- users }
_normal() { print -r -- "normal: $words" }
_message() { print -r -- "message: $*" }
_alternative() { print -r -- "alternative: $*" }
source "$1" >/dev/null
shift
words=("$@"); CURRENT=$#words
_zswapbench
