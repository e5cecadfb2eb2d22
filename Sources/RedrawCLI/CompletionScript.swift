import RedrawReports

/// Shell completion scripts for `redraw`, generated from the commands' own specs.
enum CompletionScript {
  enum Shell: String, CaseIterable {
    case bash, zsh, fish
  }

  static func script(for shell: Shell, commands: [CommandSpec]) -> String {
    switch shell {
    case .bash: bash(commands)
    case .zsh: zsh(commands)
    case .fish: fish(commands)
    }
  }

  private static func words(_ spec: CommandSpec) -> [String] {
    spec.options.flatMap { [$0.name] + ($0.shortName.map { [$0] } ?? []) } + ["--help"]
  }

  private static func bash(_ commands: [CommandSpec]) -> String {
    var cases = ""
    for command in commands {
      cases += "    \(command.name)) opts=\"\(words(command).joined(separator: " "))\" ;;\n"
    }
    var choices = ""
    for command in commands {
      for option in command.options {
        guard let values = option.choices else { continue }
        choices +=
          "    \(command.name):\(option.name)) COMPREPLY=($(compgen -W \"\(values.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
      }
    }
    return """
      # bash completion for redraw; source it, or put it in /etc/bash_completion.d/redraw
      _redraw() {
        local cur prev command opts
        cur="${COMP_WORDS[COMP_CWORD]}"
        prev="${COMP_WORDS[COMP_CWORD-1]}"
        if [ "$COMP_CWORD" -eq 1 ]; then
          COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " ")) help --help --version" -- "$cur"))
          [ ${#COMPREPLY[@]} -eq 0 ] && COMPREPLY=($(compgen -f -- "$cur"))
          return
        fi
        command="${COMP_WORDS[1]}"
        case "$command:$prev" in
      \(choices)  esac
        case "$command" in
      \(cases)    *) opts="" ;;
        esac
        if [[ "$cur" == -* ]]; then
          COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        else
          COMPREPLY=($(compgen -f -- "$cur"))
        fi
      }
      complete -F _redraw redraw

      """
  }

  private static func zsh(_ commands: [CommandSpec]) -> String {
    var functions = ""
    for command in commands {
      var arguments: [String] = []
      for option in command.options {
        let help = option.help.replacingAll(["'": "", "[": "(", "]": ")", ":": " "])
        var spec = "'\(option.name)[\(help)]"
        if let value = option.valueName {
          spec += ":\(value):" + (option.choices.map { "(\($0.joined(separator: " ")))" } ?? "_files")
        }
        arguments.append(spec + "'")
      }
      arguments.append("'*:file:_files'")
      functions += "  (\(command.name)) _arguments \\\n    " + arguments.joined(separator: " \\\n    ") + " ;;\n"
    }
    let names = commands.map { "'\($0.name):\($0.abstract.replacingAll(["'": "", ":": " "]))'" }.joined(separator: " ")
    return """
      #compdef redraw
      # zsh completion for redraw; put it in a directory on $fpath as _redraw
      _redraw() {
        local -a commands
        commands=(\(names))
        if (( CURRENT == 2 )); then
          _describe 'command' commands
          _files
          return
        fi
        case $words[2] in
      \(functions)  esac
      }
      _redraw "$@"

      """
  }

  private static func fish(_ commands: [CommandSpec]) -> String {
    var out = "# fish completion for redraw; put it in ~/.config/fish/completions/redraw.fish\n"
    out += "complete -c redraw -f\n"
    for command in commands {
      out +=
        "complete -c redraw -n '__fish_use_subcommand' -a \(command.name) -d '\(command.abstract.replacingAll(["'": ""]))'\n"
      for option in command.options {
        var line = "complete -c redraw -n '__fish_seen_subcommand_from \(command.name)' -l \(option.name.dropFirst(2))"
        if let short = option.shortName { line += " -s \(short.dropFirst())" }
        if option.valueName != nil { line += " -r" }
        if let choices = option.choices { line += " -a '\(choices.joined(separator: " "))'" }
        line += " -d '\(option.help.replacingAll(["'": ""]))'"
        out += line + "\n"
      }
      out += "complete -c redraw -n '__fish_seen_subcommand_from \(command.name)' -F\n"
    }
    return out
  }
}
