package io.agentloop.core.permission;

import io.agentloop.api.permission.Access;
import io.agentloop.api.permission.Decision;
import io.agentloop.api.tool.CommandSandbox.Containment;
import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.Workspace;
import io.agentloop.core.secret.ProtectedNames;
import io.agentloop.core.workspace.ExecutableConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The permission rules and the mode. For each thing a call touches, a matching deny rule wins over
 * an ask rule over an allow rule; with no rule, the {@link PermissionMode mode} decides: reading in
 * the workspace and contacting a host the tool lets through are allowed; writing, running a shell
 * command and calling a tool that is not read-only and says nothing about what it touches ask in
 * {@link PermissionMode#ASK} and run in the modes that allow them. Commands only run without asking
 * where the workspace's sandbox contains them. The call's decision is the strictest of its parts.
 * What no rule can allow: a path the workspace refuses (outside, protected) is denied; a shell line
 * that cannot be judged safely ({@code $(...)}, {@code eval}, an interpreter...) never matches an
 * allow rule, and is denied in every mode when the user has any deny rule for that tool, since a
 * deny rule must not be defeated by spelling; a broad allow rule does not cover options that run
 * code ({@link CodeOptions}). Immutable.
 *
 * <pre>{@code
 * PermissionPolicy policy = PermissionPolicy.of(List.of("bash(git *)"), List.of(), List.of("bash(rm *)"));
 * }</pre>
 */
public final class PermissionPolicy {
    /**
     * What a denial tells a program that embeds agents: the builder calls that decide what an agent
     * may do. A program with its own words for this (the launcher's flags and keys) gives them with
     * {@link #withAdvice}.
     */
    public static final String LIBRARY_ADVICE = "What this agent may do is set where it is built: "
            + "Agent.builder().permissions(...) (rules and mode), .workspace(...) (the folder its tools work in), "
            + ".approver(...) (who answers calls that ask)";

    private static final PermissionPolicy DEFAULTS = new PermissionPolicy(List.of());
    private static final PermissionPolicy TRUSTING = new PermissionPolicy(List.of(), PermissionMode.YES);

    private final List<PermissionRule> rules;
    private final PermissionMode mode;
    private final String advice;
    private final Optional<Boolean> askBeforeExecutableConfig;

    public PermissionPolicy(List<PermissionRule> rules) {
        this(rules, PermissionMode.ASK);
    }

    public PermissionPolicy(List<PermissionRule> rules, PermissionMode mode) {
        this(rules, mode, LIBRARY_ADVICE, Optional.empty());
    }

    private PermissionPolicy(List<PermissionRule> rules, PermissionMode mode, String advice,
                             Optional<Boolean> askBeforeExecutableConfig) {
        this.rules = List.copyOf(rules);
        this.mode = Objects.requireNonNull(mode, "mode");
        this.advice = Objects.requireNonNull(advice, "advice");
        this.askBeforeExecutableConfig = Objects.requireNonNull(askBeforeExecutableConfig, "askBeforeExecutableConfig");
    }

    /** No rules, mode {@code ask}: writes, commands and tools that are not read-only ask a person. */
    public static PermissionPolicy defaults() {
        return DEFAULTS;
    }

    /**
     * No rules, mode {@code yes}: the default of {@code Agent.builder()}. The tools a program registers
     * run; what the workspace refuses (paths outside it, protected files) is still denied, and a
     * shell command that no sandbox holds still asks.
     */
    public static PermissionPolicy trusting() {
        return TRUSTING;
    }

    /**
     * Rules as written in configuration.
     *
     * @throws IllegalArgumentException for a rule that does not parse, naming it
     */
    public static PermissionPolicy of(List<String> allow, List<String> ask, List<String> deny) {
        List<PermissionRule> rules = new ArrayList<>();
        allow.forEach(r -> rules.add(PermissionRule.parse(Decision.ALLOW, r)));
        ask.forEach(r -> rules.add(PermissionRule.parse(Decision.ASK, r)));
        deny.forEach(r -> rules.add(PermissionRule.parse(Decision.DENY, r)));
        return new PermissionPolicy(rules);
    }

    public List<PermissionRule> rules() {
        return rules;
    }

    public PermissionMode mode() {
        return mode;
    }

    /** This policy with more rules. */
    public PermissionPolicy with(List<PermissionRule> more) {
        List<PermissionRule> all = new ArrayList<>(rules);
        all.addAll(more);
        return new PermissionPolicy(all, mode, advice, askBeforeExecutableConfig);
    }

    /** This policy in another mode. */
    public PermissionPolicy withMode(PermissionMode value) {
        return new PermissionPolicy(rules, value, advice, askBeforeExecutableConfig);
    }

    /**
     * What a call this policy denies tells, after why: how the person who set the policy changes it
     * ({@link #LIBRARY_ADVICE} unless given; empty for nothing).
     */
    public PermissionPolicy withAdvice(String howToChange) {
        return new PermissionPolicy(rules, mode, howToChange, askBeforeExecutableConfig);
    }

    /**
     * This policy with changes to files other programs run later, outside any sandbox (a
     * {@code Makefile}, {@code package.json}, {@code .envrc}, an editor's tasks, a git hook manager's
     * configuration: {@code ExecutableConfig}'s list), asking ({@code true}) or not: a file tool's
     * write to one asks before it runs unless an allow rule names the file, whatever the mode; a
     * command that changed one asks afterwards whether to keep the change, and the change is undone
     * when the person refuses or no one can be asked. Unless set, on in modes {@code ask} and
     * {@code edit} and off in {@code auto} and {@code yes} ({@code permissions.ask-before-executable-config}).
     */
    public PermissionPolicy withAskBeforeExecutableConfig(boolean ask) {
        return new PermissionPolicy(rules, mode, advice, Optional.of(ask));
    }

    /** See {@link #withAskBeforeExecutableConfig}: as set, else by the mode. */
    public boolean asksBeforeExecutableConfig() {
        return askBeforeExecutableConfig.orElse(mode == PermissionMode.ASK || mode == PermissionMode.EDIT);
    }

    /** See {@link #withAdvice}. */
    public String advice() {
        return advice;
    }

    /** Judges a call of {@code tool} that touches {@code accesses}. */
    public Judgement judge(Tool tool, List<Access> accesses, Workspace workspace) {
        String name = tool.spec().name();
        Verdicts verdicts = new Verdicts(mode, workspace.sandbox().containment() != Containment.UNAVAILABLE);
        if (accesses.isEmpty()) {
            Decision fallback = tool.readOnly() ? Decision.ALLOW : Decision.ASK;
            verdicts.add(decide(r -> r.coversWholeTool(name), fallback), name
                    + (tool.readOnly() ? "" : " is not read-only and has no allow rule"), name);
        }
        for (Access access : accesses) {
            switch (access) {
                case Access.Read read -> path(name, read.value(), Decision.ALLOW, "reads", workspace, verdicts);
                case Access.Write write -> {
                    path(name, write.value(), writes(), "writes", workspace, verdicts);
                    executableConfig(name, write.value(), workspace, verdicts);
                }
                case Access.Command command -> command(name, command.value(), workspace, verdicts);
                case Access.Host host -> verdicts.add(decide(r -> r.matchesHost(name, host.value()), Decision.ALLOW),
                        name + " contacts " + host.value(), name + "(" + host.value() + ")");
            }
        }
        return verdicts.judgement();
    }

    /**
     * The tools none of whose calls can run without a person's approval under this policy: not
     * read-only, no allow rule for them, and what they touch asks in this mode (judged on a call with
     * made-up arguments inside the workspace). With no approver, every call of these is denied.
     */
    public List<String> needApproval(List<? extends Tool> tools, Workspace workspace) {
        List<String> names = new ArrayList<>();
        for (Tool tool : tools) {
            String name = tool.spec().name();
            if (tool.readOnly() || rules.stream().anyMatch(r -> r.decision() == Decision.ALLOW && r.coversTool(name))) {
                continue;
            }
            List<Access> accesses;
            try {
                accesses = tool.accesses(ProbeArguments.of(tool.spec()));
            } catch (RuntimeException e) {
                accesses = List.of();
            }
            if (judge(tool, accesses, workspace).decision() == Decision.ASK) {
                names.add(name);
            }
        }
        return names;
    }

    /** What a write inside the workspace gets when no rule decides. */
    private Decision writes() {
        return mode == PermissionMode.ASK ? Decision.ASK : Decision.ALLOW;
    }

    /** What a command gets when no rule decides: it runs without asking only where the sandbox holds it. */
    private Decision commands(Workspace workspace) {
        boolean contained = workspace.sandbox().containment() != Containment.UNAVAILABLE;
        return (mode == PermissionMode.AUTO || mode == PermissionMode.YES) && contained ? Decision.ALLOW : Decision.ASK;
    }

    private void path(String tool, String path, Decision fallback, String verb, Workspace workspace, Verdicts verdicts) {
        Path real;
        try {
            real = workspace.resolve(path);
        } catch (PathDeniedException e) {
            verdicts.add(Decision.DENY, e.getMessage(), null);
            return;
        }
        String shown = workspace.display(real);
        verdicts.add(decide(r -> r.matchesPath(tool, shown, real), fallback), tool + " " + verb + " " + shown,
                tool + "(" + shown + ")");
    }

    /**
     * A write to a file other programs run later asks, in every mode, when the policy says so; an
     * allow rule that names the file (one an "always" added) lets it through, a deny rule still wins.
     */
    private void executableConfig(String tool, String path, Workspace workspace, Verdicts verdicts) {
        if (!asksBeforeExecutableConfig()) {
            return;
        }
        Path real;
        try {
            real = workspace.resolve(path);
        } catch (PathDeniedException e) {
            return; // denied by path() already
        }
        ExecutableConfig.of(real, workspace).ifPresent(listed -> {
            Decision decided = decide(r -> r.decision() == Decision.ALLOW && r.matchesPath(tool, listed.path(), real)
                    && !r.coversWholeTool(tool), Decision.ASK);
            verdicts.insist(decided, tool + " changes " + listed.path() + ", which " + listed.program() + " runs or "
                    + "obeys later, outside the sandbox (permissions.ask-before-executable-config)",
                    tool + "(" + listed.path() + ")");
        });
    }

    private void command(String tool, String line, Workspace workspace, Verdicts verdicts) {
        for (String word : line.split("[\\s'\"=:;|&()<>$`{}/\\\\]+")) {
            Optional<String> secret = word.isEmpty() ? Optional.empty() : ProtectedNames.secretReason(word);
            if (secret.isPresent()) {
                verdicts.add(Decision.DENY, tool + ": '" + line + "' touches " + word + ": it " + secret.get(), null);
                return;
            }
        }
        ShellScript script = ShellParser.parse(line);
        Decision fallback = commands(workspace);
        for (ShellScript.SimpleCommand command : script.commands()) {
            String text = command.text();
            verdicts.addCommand(decide(r -> r.matchesCommand(tool, command), fallback), tool + ": " + text,
                    tool + "(" + text + ")");
        }
        for (ShellScript.SimpleCommand possible : script.possibleCommands()) {
            // Only restricting rules: an allow rule on a word that may or may not be the command allows nothing.
            Decision decided = decide(r -> r.decision() != Decision.ALLOW && r.matchesCommand(tool, possible), null);
            if (decided != null) {
                verdicts.addCommand(decided, tool + ": " + possible.text() + " (run by a program in '" + line + "')",
                        null);
            }
        }
        for (String file : script.writes()) {
            path("write", file, writes(), "writes (by redirection)", workspace, verdicts);
        }
        for (String file : script.reads()) {
            path("read", file, Decision.ALLOW, "reads (by redirection)", workspace, verdicts);
        }
        if (!script.judgeable()) {
            Optional<PermissionRule> deny = rules.stream()
                    .filter(r -> r.decision() == Decision.DENY && r.coversTool(tool)).findFirst();
            String why = tool + ": '" + line + "' cannot be judged safely: " + String.join("; ", script.problems());
            if (deny.isPresent()) {
                verdicts.add(Decision.DENY, why + ". It is denied because of the deny rule " + deny.get() + ", which "
                        + "such a line could get around; write the command plainly", null);
            } else {
                verdicts.addCommand(fallback, why, null);
            }
        }
    }

    /** The strictest matching rule's decision, or the fallback when no rule matches. */
    private Decision decide(Predicate<PermissionRule> matches, Decision fallback) {
        Decision decided = null;
        for (PermissionRule rule : rules) {
            if (matches.test(rule)) {
                decided = decided == null ? rule.decision() : decided.stricter(rule.decision());
            }
        }
        return decided == null ? fallback : decided;
    }

    /**
     * Collects each access's decision; keeps the reasons of the strictest. In {@link PermissionMode#YES}
     * whatever would ask runs, except a command no sandbox holds.
     */
    private static final class Verdicts {
        private final PermissionMode mode;
        private final boolean contained;
        private Decision decision = Decision.ALLOW;
        private final List<String> reasons = new ArrayList<>();
        private final List<String> rememberAs = new ArrayList<>();

        Verdicts(PermissionMode mode, boolean contained) {
            this.mode = mode;
            this.contained = contained;
        }

        void addCommand(Decision d, String reason, String rule) {
            if (d == Decision.ASK && mode == PermissionMode.YES && !contained) {
                record(d, reason + " (no sandbox holds commands here, so they need a person's approval even in mode "
                        + "yes)", rule);
            } else {
                add(d, reason, rule);
            }
        }

        /** A decision that stands in every mode, {@code yes} too. */
        void insist(Decision d, String reason, String rule) {
            record(d, reason, rule);
        }

        void add(Decision d, String reason, String rule) {
            record(d == Decision.ASK && mode == PermissionMode.YES ? Decision.ALLOW : d, reason, rule);
        }

        private void record(Decision d, String reason, String rule) {
            if (d.compareTo(decision) > 0) {
                decision = d;
                reasons.clear();
                rememberAs.clear();
            }
            if (d == decision) {
                reasons.add(reason);
                if (rule != null && !rememberAs.contains(rule)) {
                    rememberAs.add(rule);
                }
            }
        }

        Judgement judgement() {
            return new Judgement(decision, reasons, decision == Decision.ASK ? rememberAs : List.of());
        }
    }
}
