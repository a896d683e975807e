package io.agentloop.core.permission;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The commands git runs by its own syntax (see {@link EmbeddedCommands}): an alias set with
 * {@code -c alias.x='!cmd'}, configuration whose value is a command ({@code core.pager},
 * {@code core.fsmonitor}, {@code filter.*.clean}...), options of its subcommands that take a command
 * ({@code rebase --exec}, {@code bisect run}, {@code submodule foreach}). What git would take from
 * elsewhere is a problem: a subcommand that is not one of git's own is an alias from some
 * configuration or a {@code git-NAME} program, and {@code include.path}, {@code --config-env} and
 * hook folders name settings the line does not show. Any other {@code -c} value is judged as a
 * possible command, since git has many keys whose value it runs.
 */
final class GitCommands {
    /** git's own commands (2.39 and later): no alias can take one of these names. */
    private static final Set<String> OWN = Set.of("add", "am", "annotate", "apply", "archimport", "archive",
            "backfill", "bisect", "blame", "branch", "bugreport", "bundle", "cat-file", "check-attr", "check-ignore",
            "check-mailmap", "check-ref-format", "checkout", "checkout-index", "cherry", "cherry-pick", "citool",
            "clean", "clone", "column", "commit", "commit-graph", "commit-tree", "config", "count-objects",
            "credential", "credential-cache", "credential-store", "cvsexportcommit", "cvsimport", "cvsserver",
            "daemon", "describe", "diagnose", "diff", "diff-files", "diff-index", "diff-pairs", "diff-tree", "difftool",
            "fast-export", "fast-import", "fetch", "fetch-pack", "filter-branch", "fmt-merge-msg", "for-each-ref",
            "for-each-repo", "format-patch", "fsck", "fsck-objects", "fsmonitor--daemon", "gc", "get-tar-commit-id",
            "grep", "gui", "hash-object", "help", "hook", "http-backend", "http-fetch", "http-push", "imap-send",
            "index-pack", "init", "init-db", "instaweb", "interpret-trailers", "last-modified", "log", "ls-files",
            "ls-remote", "ls-tree", "mailinfo", "mailsplit", "maintenance", "merge", "merge-base", "merge-file",
            "merge-index", "merge-octopus", "merge-one-file", "merge-ours", "merge-recursive", "merge-recursive-ours",
            "merge-recursive-theirs", "merge-resolve", "merge-subtree", "merge-tree", "mergetool", "mktag", "mktree",
            "multi-pack-index", "mv", "name-rev", "notes", "p4", "pack-objects", "pack-redundant", "pack-refs",
            "patch-id", "pickaxe", "prune", "prune-packed", "pull", "push", "quiltimport", "range-diff", "read-tree",
            "rebase", "receive-pack", "reflog", "refs", "remote", "repack", "replace", "replay", "repo",
            "request-pull", "rerere", "reset", "restore", "rev-list", "rev-parse", "revert", "rm", "send-email",
            "send-pack", "shell", "shortlog", "show", "show-branch", "show-index", "show-ref", "sparse-checkout",
            "stage", "stash", "status", "stripspace", "submodule", "subtree", "svn", "switch", "symbolic-ref", "tag",
            "unpack-file", "unpack-objects", "update-index", "update-ref", "update-server-info", "upload-archive",
            "upload-pack", "var", "verify-commit", "verify-pack", "verify-tag", "version", "whatchanged", "worktree",
            "write-tree");
    /** Global options that take the next word as their value. */
    private static final Set<String> WITH_VALUE = Set.of("-C", "--git-dir", "--work-tree", "--namespace",
            "--super-prefix", "--attr-source", "--list-cmds");
    /** Options of {@code git config} whose value is the next word. */
    private static final Set<String> CONFIG_WITH_VALUE = Set.of("-f", "--file", "--blob", "--type", "-t", "--default",
            "--comment", "--value");
    /** Configuration whose value git runs as a command (names in lower case; {@code *} is any subsection). */
    private static final Pattern COMMAND_KEYS = Pattern.compile("core\\.(pager|editor|sshcommand|fsmonitor|askpass"
            + "|gitproxy|alternaterefscommand)|pager\\..*|sequence\\.editor|diff\\.external"
            + "|diff\\..*\\.(command|textconv)"
            + "|(diff|merge)tool\\..*\\.(cmd|path)|merge\\..*\\.driver|filter\\..*\\.(clean|smudge|process)"
            + "|credential\\.(.*\\.)?helper|gpg\\.(.*\\.)?program|gpg\\.ssh\\.defaultkeycommand"
            + "|uploadpack\\.packobjectshook"
            + "|remote\\..*\\.(uploadpack|receivepack|vcs)|sendemail\\..*(cmd|smtpserver)|imap\\.tunnel"
            + "|(web|man)\\.browser|(browser|man)\\..*\\.(cmd|path)|trailer\\..*\\.(cmd|command)|guitool\\..*\\.cmd"
            + "|interactive\\.difffilter|hook\\..*\\.command|submodule\\..*\\.update|instaweb\\.httpd");
    /** Configuration naming more configuration, or scripts git runs later. */
    private static final Pattern ELSEWHERE_KEYS = Pattern.compile("include\\.path|includeif\\..*\\.path"
            + "|core\\.hookspath|init\\.templatedir|protocol\\.(ext\\.)?allow|url\\..*\\.(insteadof|pushinsteadof)");
    /** Options of git's own commands whose value is a command. */
    private static final Map<String, Set<String>> COMMAND_OPTIONS = Map.ofEntries(
            Map.entry("rebase", Set.of("-x", "--exec")),
            Map.entry("difftool", Set.of("-x", "--extcmd")),
            Map.entry("grep", Set.of("-O", "--open-files-in-pager")),
            Map.entry("clone", Set.of("-u", "--upload-pack")),
            Map.entry("fetch", Set.of("--upload-pack")),
            Map.entry("pull", Set.of("--upload-pack")),
            Map.entry("ls-remote", Set.of("--upload-pack")),
            Map.entry("push", Set.of("--receive-pack", "--exec")),
            Map.entry("archive", Set.of("--exec")),
            Map.entry("send-email", Set.of("--to-cmd", "--cc-cmd", "--header-cmd", "--sendmail-cmd", "--smtp-server")),
            Map.entry("instaweb", Set.of("--httpd", "-d", "--browser", "-b")),
            Map.entry("daemon", Set.of("--access-hook")),
            Map.entry("filter-branch", Set.of("--env-filter", "--tree-filter", "--index-filter", "--parent-filter",
                    "--msg-filter", "--commit-filter", "--tag-name-filter")));

    private GitCommands() {
    }

    static void judge(List<String> words, EmbeddedCommands.Found found) {
        Set<String> aliases = new HashSet<>();
        int i = 1;
        while (i < words.size() && words.get(i).startsWith("-")) {
            String word = words.get(i);
            if (word.equals("-c") && i + 1 < words.size()) {
                String setting = words.get(++i);
                setting(setting, words, found);
                if (setting.toLowerCase(Locale.ROOT).startsWith("alias.") && setting.contains("=")) {
                    aliases.add(setting.substring("alias.".length(), setting.indexOf('=')).toLowerCase(Locale.ROOT));
                }
            } else if (word.startsWith("--config-env")) {
                found.problems().add("git --config-env takes a setting from a variable, which cannot be judged in "
                        + "advance");
            } else if (word.startsWith("--exec-path=")) {
                found.problems().add("git --exec-path= runs git's commands from another folder, which cannot be "
                        + "judged in advance");
            } else if (WITH_VALUE.contains(word)) {
                i++;
            }
            i++;
        }
        if (i >= words.size()) {
            return;
        }
        String subcommand = words.get(i);
        List<String> rest = words.subList(i + 1, words.size());
        if (aliases.contains(subcommand.toLowerCase(Locale.ROOT))) {
            return; // an alias of this line, judged with its arguments
        }
        if (!OWN.contains(subcommand)) {
            found.problems().add("git " + subcommand + " is not one of git's own commands: it runs an alias or a "
                    + "git-" + subcommand + " program, whose command cannot be judged in advance");
            return;
        }
        subcommand(subcommand, words.subList(i, words.size()), rest, found);
    }

    private static void subcommand(String subcommand, List<String> words, List<String> rest,
                                   EmbeddedCommands.Found found) {
        Set<String> options = COMMAND_OPTIONS.get(subcommand);
        if (options != null) {
            found.lines().addAll(EmbeddedCommands.valuesOf(words, options));
        }
        for (String word : rest) {
            if (word.startsWith("ext::")) {
                // git's ext transport runs the URL as a command; "% " stands for a space.
                found.lines().add(word.substring("ext::".length()).replace("% ", " ").replace("%%", "%"));
            } else if ((subcommand.equals("init") || subcommand.equals("clone")) && word.startsWith("--template")) {
                found.problems().add("git " + subcommand + " --template copies hooks that run later, which cannot be "
                        + "judged in advance");
            }
        }
        if (subcommand.equals("clone")) {
            for (int j = 0; j < rest.size(); j++) {
                if ((rest.get(j).equals("-c") || rest.get(j).equals("--config")) && j + 1 < rest.size()) {
                    setting(rest.get(j + 1), List.of(), found);
                } else if (rest.get(j).startsWith("--config=")) {
                    setting(rest.get(j).substring("--config=".length()), List.of(), found);
                }
            }
        }
        if (subcommand.equals("bisect") && !rest.isEmpty() && rest.get(0).equals("run") && rest.size() > 1) {
            found.lines().add(EmbeddedCommands.quoted(rest.subList(1, rest.size())));
        }
        if (subcommand.equals("submodule")) {
            int foreach = rest.indexOf("foreach");
            List<String> command = foreach < 0 ? List.of() : rest.subList(foreach + 1, rest.size()).stream()
                    .dropWhile(w -> w.startsWith("-")).toList();
            if (!command.isEmpty()) {
                found.lines().add(String.join(" ", command)); // git hands the words to a shell as one line
            }
        }
        if (subcommand.equals("config")) {
            stored(rest, found);
        }
    }

    /** {@code git config KEY VALUE} keeps a command for a later git to run: judged now. */
    private static void stored(List<String> rest, EmbeddedCommands.Found found) {
        List<String> operands = new ArrayList<>();
        for (int j = 0; j < rest.size(); j++) {
            if (CONFIG_WITH_VALUE.contains(rest.get(j))) {
                j++;
            } else if (!rest.get(j).startsWith("-")) {
                operands.add(rest.get(j));
            }
        }
        int key = operands.isEmpty() || !operands.get(0).matches("set|add|replace-all") ? 0 : 1;
        if (operands.size() > key + 1 && operands.get(key).contains(".")) {
            setting(operands.get(key) + "=" + operands.get(key + 1), List.of(), found);
        }
    }

    /** One {@code key=value} setting; {@code words} is the git command, whose alias runs with its arguments. */
    private static void setting(String setting, List<String> words, EmbeddedCommands.Found found) {
        int equals = setting.indexOf('=');
        String key = (equals < 0 ? setting : setting.substring(0, equals)).toLowerCase(Locale.ROOT);
        String value = equals < 0 ? "" : setting.substring(equals + 1);
        if (key.startsWith("alias.")) {
            String alias = setting.substring("alias.".length(), equals < 0 ? setting.length() : equals);
            List<String> arguments = argumentsOf(alias, words);
            String line = value.startsWith("!") ? value.substring(1) : "git " + value;
            found.lines().add(arguments.isEmpty() ? line : line + " " + EmbeddedCommands.quoted(arguments));
        } else if (ELSEWHERE_KEYS.matcher(key).matches()) {
            found.problems().add("git setting " + key + " makes git run commands that the line does not show, which "
                    + "cannot be judged in advance");
        } else if (COMMAND_KEYS.matcher(key).matches()) {
            found.lines().add(value.startsWith("!") ? value.substring(1) : value);
        } else if (!value.isBlank()) {
            found.possible().add(value.startsWith("!") ? value.substring(1) : value);
        }
    }

    /** The words after the subcommand when the subcommand is {@code alias}, else none. */
    private static List<String> argumentsOf(String alias, List<String> words) {
        int i = 1;
        while (i < words.size() && words.get(i).startsWith("-")) {
            i += words.get(i).equals("-c") || WITH_VALUE.contains(words.get(i)) ? 2 : 1;
        }
        return i < words.size() && words.get(i).equalsIgnoreCase(alias) ? words.subList(i + 1, words.size())
                : List.of();
    }
}
