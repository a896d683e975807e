package io.agentloop.core.permission;

import io.agentloop.api.permission.Access;
import io.agentloop.api.permission.Decision;
import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.Workspace;
import io.agentloop.core.workspace.ProtectedNames;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The permission rules and the default policy. For each thing a call touches, a matching deny rule
 * wins over an ask rule over an allow rule; with no rule, the default applies: reading in the
 * workspace and contacting a host the tool lets through are allowed; writing, running a shell
 * command and calling a tool that is not read-only and says nothing about what it touches ask.
 * The call's decision is the strictest of its parts. Two things no rule can allow: a path the
 * workspace refuses (outside, protected) is denied, and a shell line that cannot be judged safely
 * ({@code $(...)}, {@code eval}...) asks at best. Immutable.
 *
 * <pre>{@code
 * PermissionPolicy policy = PermissionPolicy.of(List.of("bash(git *)"), List.of(), List.of("bash(rm *)"));
 * }</pre>
 */
public final class PermissionPolicy {
    private static final PermissionPolicy DEFAULTS = new PermissionPolicy(List.of());

    private final List<PermissionRule> rules;

    public PermissionPolicy(List<PermissionRule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** No rules: the default policy alone. */
    public static PermissionPolicy defaults() {
        return DEFAULTS;
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

    /** This policy with more rules. */
    public PermissionPolicy with(List<PermissionRule> more) {
        List<PermissionRule> all = new ArrayList<>(rules);
        all.addAll(more);
        return new PermissionPolicy(all);
    }

    /** Judges a call of {@code tool} that touches {@code accesses}. */
    public Judgement judge(Tool tool, List<Access> accesses, Workspace workspace) {
        String name = tool.spec().name();
        Verdicts verdicts = new Verdicts();
        if (accesses.isEmpty()) {
            Decision fallback = tool.readOnly() ? Decision.ALLOW : Decision.ASK;
            verdicts.add(decide(r -> r.coversWholeTool(name), fallback), name
                    + (tool.readOnly() ? "" : " is not read-only and has no allow rule"), name);
        }
        for (Access access : accesses) {
            switch (access) {
                case Access.Read read -> path(name, read.value(), Decision.ALLOW, "reads", workspace, verdicts);
                case Access.Write write -> path(name, write.value(), Decision.ASK, "writes", workspace, verdicts);
                case Access.Command command -> command(name, command.value(), workspace, verdicts);
                case Access.Host host -> verdicts.add(decide(r -> r.matchesHost(name, host.value()), Decision.ALLOW),
                        name + " contacts " + host.value(), name + "(" + host.value() + ")");
            }
        }
        return verdicts.judgement();
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

    private void command(String tool, String line, Workspace workspace, Verdicts verdicts) {
        for (String word : line.split("[\\s'\"=:;|&()<>$`{}/\\\\]+")) {
            Optional<String> secret = word.isEmpty() ? Optional.empty() : ProtectedNames.secretReason(word);
            if (secret.isPresent()) {
                verdicts.add(Decision.DENY, tool + ": '" + line + "' touches " + word + ": it " + secret.get(), null);
                return;
            }
        }
        ShellScript script = ShellParser.parse(line);
        for (ShellScript.SimpleCommand command : script.commands()) {
            String text = command.text();
            verdicts.add(decide(r -> r.matchesCommand(tool, text), Decision.ASK), tool + ": " + text,
                    tool + "(" + text + ")");
        }
        for (String file : script.writes()) {
            path("write", file, Decision.ASK, "writes (by redirection)", workspace, verdicts);
        }
        for (String file : script.reads()) {
            path("read", file, Decision.ALLOW, "reads (by redirection)", workspace, verdicts);
        }
        if (!script.judgeable()) {
            boolean denied = rules.stream().anyMatch(r -> r.decision() == Decision.DENY && r.coversWholeTool(tool));
            verdicts.add(denied ? Decision.DENY : Decision.ASK, tool + ": '" + line + "' cannot be judged safely: "
                    + String.join("; ", script.problems()), null);
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

    /** Collects each access's decision; keeps the reasons of the strictest. */
    private static final class Verdicts {
        private Decision decision = Decision.ALLOW;
        private final List<String> reasons = new ArrayList<>();
        private final List<String> rememberAs = new ArrayList<>();

        void add(Decision d, String reason, String rule) {
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
