package io.agentloop.core.permission;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ShellParserTest {

    private static List<String> commands(String line) {
        return ShellParser.parse(line).commands().stream().map(ShellScript.SimpleCommand::text).toList();
    }

    @Test
    void compoundLinesAreCutIntoSimpleCommands() {
        assertThat(commands("git status && rm -rf ~")).containsExactly("git status", "rm -rf ~");
        assertThat(commands("a; b || c | d & e")).containsExactly("a", "b", "c", "d", "e");
        assertThat(commands("(cd src && make) ; { echo hi; }")).containsExactly("cd src", "make", "echo hi");
        assertThat(commands("ls\nrm x")).containsExactly("ls", "rm x");
        assertThat(commands("if git diff --quiet; then echo clean; else rm -f out; fi"))
                .containsExactly("git diff --quiet", "echo clean", "rm -f out");
    }

    @Test
    void quotesAreRemovedAndOperatorsInsideThemAreText() {
        assertThat(commands("echo 'a && b' \"c; d\" e\\;f")).containsExactly("echo a && b c; d e;f");
        assertThat(ShellParser.parse("echo 'a && b'").judgeable()).isTrue();
    }

    @Test
    void wrappersAndAssignmentsAreLookedThrough() {
        assertThat(commands("FOO=1 BAR=2 rm -rf build")).containsExactly("rm -rf build");
        assertThat(commands("timeout 5 nice -n 10 rm x")).containsExactly("rm x");
        assertThat(commands("env -i PATH=/bin rm x")).containsExactly("rm x");
        assertThat(commands("/bin/rm -rf x")).containsExactly("rm -rf x");
    }

    @Test
    void nestedCommandsAreJudgedToo() {
        assertThat(commands("bash -c 'git status; rm -rf /'")).containsExactly("bash -c git status; rm -rf /",
                "git status", "rm -rf /");
        assertThat(commands("find . -name '*.tmp' -exec rm {} ;")).contains("rm {}");
        assertThat(commands("find . -name x -exec rm {} \\;")).contains("rm {}");
        assertThat(commands("ls | xargs -n 1 rm -f")).containsExactly("ls", "xargs -n 1 rm -f", "rm -f");
    }

    @Test
    void redirectionsAreFileAccesses() {
        ShellScript script = ShellParser.parse("sort < in.txt > out.txt 2>&1 >> log.txt 2>/dev/null");
        assertThat(script.commands()).extracting(ShellScript.SimpleCommand::text).containsExactly("sort");
        assertThat(script.reads()).containsExactly("in.txt");
        assertThat(script.writes()).containsExactly("out.txt", "log.txt");
        assertThat(ShellParser.parse("echo x > ~/.bashrc").writes()).containsExactly("~/.bashrc");
    }

    @Test
    void whatCannotBeJudgedIsReported() {
        assertThat(ShellParser.parse("echo $(cat ~/.ssh/id_rsa)").problems())
                .containsExactly("command substitution $(...) cannot be judged");
        assertThat(ShellParser.parse("echo `whoami`").problems()).singleElement().asString().contains("backticks");
        assertThat(ShellParser.parse("echo \"$(rm -rf x)\"").problems()).isNotEmpty();
        assertThat(ShellParser.parse("eval \"$CMD\"").problems()).singleElement().asString().contains("eval");
        assertThat(ShellParser.parse("bash -c \"$X\"").problems()).singleElement().asString()
                .contains("bash -c with a dynamic string");
        assertThat(ShellParser.parse("$PROGRAM --force").problems()).singleElement().asString()
                .contains("command name expands when it runs");
        assertThat(ShellParser.parse("diff <(ls a) <(ls b)").problems()).isNotEmpty();
        assertThat(ShellParser.parse("cat <<EOF\nrm -rf /\nEOF").problems()).isNotEmpty();
        assertThat(ShellParser.parse("echo 'unterminated").problems()).containsExactly("an unterminated single quote");
    }

    @Test
    void plainVariablesInArgumentsAreFine() {
        ShellScript script = ShellParser.parse("echo \"$HOME\" $USER");
        assertThat(script.judgeable()).isTrue();
        assertThat(commands("echo \"$HOME\" $USER")).containsExactly("echo $HOME $USER");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = "->", quoteCharacter = '"', textBlock = """
            $'\\x72m' f                             -> ANSI-C quoting
            echo $"hello"                           -> locale quoting
            /usr/bin/r? f                           -> command name
            r* f                                    -> command name
            [r]m f                                  -> command name
            {rm,f}                                  -> command name
            {r,}m f                                 -> command name
            r${X}m f                                -> command name
            rm${IFS}f                               -> command name
            python3 -c 'import os'                  -> 'python3' runs code
            perl -e 'unlink 1'                      -> 'perl' runs code
            node -e 'x'                             -> 'node' runs code
            awk 'BEGIN { system(1) }'               -> 'awk' runs code
            ./s.sh                                  -> runs a file
            tools/run f                             -> runs a file
            bash s.sh                               -> bash runs the script s.sh
            sh -x s.sh                              -> sh runs the script s.sh
            source s.sh                             -> 'source' runs code
            . s.sh                                  -> '.' runs code
            alias x=rm                              -> 'alias' runs code
            shopt -s expand_aliases                 -> 'shopt' runs code
            hash -p /bin/rm ls                      -> 'hash' runs code
            PATH=.:$PATH x f                        -> setting PATH
            PATH+=:. x f                            -> setting PATH
            LD_PRELOAD=./evil.so ls                 -> setting LD_PRELOAD
            export PATH=.:$PATH                     -> setting PATH
            declare -x LD_PRELOAD=./evil.so         -> setting LD_PRELOAD
            env PATH=. x f                          -> setting PATH
            echo rm f | bash                        -> bash reads its commands from its input
            sh < s.sh                               -> sh reads its commands from its input
            bash -s                                 -> bash reads its commands from its input
            """)
    void linesWhoseCommandsAreDecidedOnlyWhenTheyRunCannotBeJudged(String line, String problem) {
        assertThat(ShellParser.parse(line).problems()).as(line).anySatisfy(p -> assertThat(p).contains(problem));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"git status && make test", "[ -f x ] && echo y", "rm *.o", "bash -o pipefail -c 'ls'",
            "echo {a}", "FOO=1 make", "export FOO=bar", "env FOO=1 make", "/usr/bin/env ls", "echo 'x=$(y)'",
            "ls [ab]", "git log --format='%h %s'", "a=b; echo \"$a\"", "sudo -u root ls",
            "timeout 5 grep \"$P\" f", "xargs grep TODO ./src/a.c", "watch -n 1 'git status'",
            "timeout 5 git commit -m \"it's done\"", "uv run pytest -k \"$K\"", "git -c alias.st=status st",
            "git -C sub status", "make -j4 CC=gcc", "less +G f", "more +/TODO f", "sed -n '1,5p;/x/d' f",
            "sed -i 's/a/b/g' f", "man -P cat ls", "PAGER=less git log"})
    void ordinaryLinesStayJudgeable(String line) {
        assertThat(ShellParser.parse(line).problems()).as(line).isEmpty();
    }

    @Test
    void whatAProgramThatRunsCommandsMayRunIsListedApart() {
        ShellScript script = ShellParser.parse("watch -n 1 'cd src && rm f'");
        assertThat(script.commands()).extracting(ShellScript.SimpleCommand::text)
                .containsExactly("watch -n 1 cd src && rm f");
        assertThat(script.possibleCommands()).extracting(ShellScript.SimpleCommand::text).contains("cd src", "rm f");
        assertThat(ShellParser.parse("flock lock -c 'rm f'").possibleCommands())
                .extracting(ShellScript.SimpleCommand::text).contains("rm f");
        assertThat(ShellParser.parse("watch 'echo $(rm f)'").problems()).isNotEmpty();
        assertThat(ShellParser.parse("watch -n 1 'date > ~/.bashrc'").writes()).containsExactly("~/.bashrc");
        assertThat(ShellParser.parse("nice ".repeat(300) + "rm f").problems()).isNotEmpty();
    }

    @Test
    void aShellWithOptionsBeforeDashCIsJudgedByItsCommand() {
        assertThat(commands("bash -o pipefail -c 'ls'")).containsExactly("bash -o pipefail -c ls", "ls");
        assertThat(commands("bash --norc -lc 'rm f'")).containsExactly("bash --norc -lc rm f", "rm f");
    }

    @Test
    void wrappersWithValuedOptionsAreLookedThrough() {
        assertThat(commands("ionice -c 3 rm f")).containsExactly("rm f");
        assertThat(commands("stdbuf -o L rm f")).containsExactly("rm f");
        assertThat(commands("timeout -k 5 10 rm f")).containsExactly("rm f");
        assertThat(commands("sudo -u root rm f")).containsExactly("rm f");
    }

    @Test
    void commandsAProgramRunsByItsOwnSyntaxAreJudgedAsItsLinesCommands() {
        assertThat(commands("git -c alias.x='!rm v' x")).containsExactly("git -c alias.x=!rm v x", "rm v");
        assertThat(commands("git -c alias.x='!rm' x v w")).contains("rm v w");
        assertThat(commands("less +'!rm v' f")).containsExactly("less +!rm v f", "rm v");
        assertThat(commands("man -P 'rm v' ls")).contains("rm v");
        assertThat(commands("PAGER='rm v' man ls")).containsExactly("rm v", "man ls");
        assertThat(commands("tar --checkpoint-action=exec='rm v' -cf a f")).contains("rm v");
        assertThat(commands("git submodule foreach rm v")).contains("rm v");
        assertThat(ShellParser.parse("git -c made.up='rm v' status").possibleCommands())
                .extracting(ShellScript.SimpleCommand::text).containsExactly("rm v");
        assertThat(ShellParser.parse("make CC='rm v'").possibleCommands())
                .extracting(ShellScript.SimpleCommand::text).containsExactly("rm v");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = "->", quoteCharacter = '"', textBlock = """
            git st                                  -> git st is not one of git's own commands
            git -C other x                          -> git x is not one of git's own commands
            git --config-env=alias.x=V x            -> git --config-env takes a setting from a variable
            git -c include.path=cfg status          -> git setting include.path
            git -c core.hooksPath=h commit          -> git setting core.hookspath
            git -c "alias.x=!$C" x                  -> command name expands
            make -f /dev/null -E 'x:; rm v' x       -> make -E/--eval
            make --eval='x:' x                      -> make -E/--eval
            make -f - x                             -> make reads its makefile from its input
            MAKEFLAGS=-E make                       -> setting MAKEFLAGS
            less '+|arm v' f                        -> runs commands of less
            less -k keys f                          -> reads key bindings
            LESS=+!x less f                         -> setting LESS
            sed '1e rm v' f                         -> may run a command (e)
            sed 's/x/y/ge' f                        -> may run a command (e)
            sed -f s.sed f                          -> sed runs a script from a file
            ssh -F cfg h                            -> ssh -F reads a configuration
            """)
    void whatAProgramsOwnSyntaxTakesFromElsewhereCannotBeJudged(String line, String problem) {
        assertThat(ShellParser.parse(line).problems()).as(line).anySatisfy(p -> assertThat(p).contains(problem));
    }
}
