// refbot completion bash | zsh: prints a completion script for the shell.
import { Argument, Command } from "commander";
import { bashCompletion, zshCompletion } from "@/cli/completion.ts";

const shells = { bash: bashCompletion, zsh: zshCompletion };

export const completionCommand = new Command("completion")
  .description("print a shell completion script (commands, subcommands, flags)")
  .addArgument(new Argument("<shell>", "the shell to complete in").choices(Object.keys(shells)))
  .addHelpText("after", `
The script is written from this refbot's own commands; print it again after
an upgrade. It runs no refbot process while you type.

Install for bash (loaded when you first complete refbot; needs the
bash-completion package, else source it from ~/.bashrc):
  $ mkdir -p ~/.local/share/bash-completion/completions
  $ refbot completion bash > ~/.local/share/bash-completion/completions/refbot
  or, in ~/.bashrc:  source <(refbot completion bash)

Install for zsh (a folder on $fpath, before compinit runs in ~/.zshrc):
  $ mkdir -p ~/.zfunc && refbot completion zsh > ~/.zfunc/_refbot
  and in ~/.zshrc:  fpath=(~/.zfunc $fpath); autoload -Uz compinit; compinit
  or, in ~/.zshrc after compinit:  source <(refbot completion zsh)

Open a new shell afterwards.`)
  .action((shell: keyof typeof shells, _options, command: Command) => {
    let program = command;
    while (program.parent) program = program.parent;
    process.stdout.write(shells[shell](program));
  });
