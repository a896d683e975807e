package io.agentloop.core.permission;

import io.agentloop.api.permission.Access;
import io.agentloop.api.permission.Approval;
import io.agentloop.api.permission.ApprovalRequest;
import io.agentloop.api.permission.Approver;
import io.agentloop.api.permission.Decision;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.Workspace;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Where permissions are enforced: the acting phase asks the gate about every call, after the
 * acting hooks have had their say on the arguments and just before the tool runs. A call the
 * policy denies, or that asks and is not approved, never runs. Approvals go to the approver one at
 * a time; "always" adds allow rules for the rest of this gate's life (one agent). With no approver,
 * a call that asks is {@link Admission.Unanswered}: the run pauses with it on record, or, where
 * nothing can pause (a sub-agent, a tool served to another program), it is denied
 * ({@link #unanswered}). Thread-safe.
 */
public final class PermissionGate {
    private final PermissionPolicy policy;
    private final Optional<Approver> approver;
    private final List<PermissionRule> remembered = new CopyOnWriteArrayList<>();
    private final ReentrantLock asking = new ReentrantLock(true);

    /**
     * How the denial of a call no one could approve begins ({@link #unanswered}): a program that serves
     * tools tells it from a denial by a rule or a person with it.
     */
    public static final String UNANSWERED = "denied: this call needs approval and no one can approve it here";

    public PermissionGate(PermissionPolicy policy, Optional<Approver> approver) {
        this.policy = policy;
        this.approver = approver;
    }

    public PermissionPolicy policy() {
        return policy;
    }

    /** What the gate says about one call. */
    public sealed interface Admission {
        /** The call may run. */
        record Allowed() implements Admission {
        }

        /** The call must not run; the model is given this. */
        record Denied(ToolResult.Failure failure) implements Admission {
        }

        /** The call needs a person's approval and there is no one to ask. */
        record Unanswered(List<String> reasons, List<String> rememberAs) implements Admission {
            public Unanswered {
                reasons = List.copyOf(reasons);
                rememberAs = List.copyOf(rememberAs);
            }
        }
    }

    private static final Admission ALLOWED = new Admission.Allowed();

    /**
     * Decides whether the call may run.
     *
     * @param approved a person already approved this very call (a decision on a paused run): what
     *                 asks is allowed; what the rules deny stays denied
     * @param waiting  told before ({@code true}) and after ({@code false}) the approver is asked,
     *                 so the call's timeout can stop counting while a person decides
     */
    public Admission admit(Tool tool, ToolArguments arguments, Workspace workspace, boolean approved,
                           Consumer<Boolean> waiting) {
        List<Access> accesses = tool.accesses(arguments);
        Judgement judgement = current().judge(tool, accesses, workspace);
        return switch (judgement.decision()) {
            case ALLOW -> ALLOWED;
            case DENY -> new Admission.Denied(byPolicy(judgement));
            case ASK -> approved ? ALLOWED : ask(tool, arguments, accesses, workspace, judgement, waiting);
        };
    }

    /** Allows calls matching these rules (as written in configuration) for the rest of this gate's life. */
    public void remember(List<String> rules) {
        rules.forEach(rule -> remembered.add(PermissionRule.parse(Decision.ALLOW, rule)));
    }

    /**
     * The denial of a call no one could approve, where the run cannot pause for it: it says why and
     * what rule would allow it. A program adds its own advice on how to give such a rule.
     */
    public ToolResult.Failure unanswered(String toolName, Admission.Unanswered unanswered) {
        return denied(UNANSWERED + " ("
                + String.join("; ", unanswered.reasons()) + "). Do not retry it; tell the user. An allow rule such "
                + "as " + unanswered.rememberAs().stream().findFirst().orElse(toolName) + " would let it run"
                + advised());
    }

    private ToolResult.Failure byPolicy(Judgement judgement) {
        return denied("denied by policy: " + String.join("; ", judgement.reasons()) + advised());
    }

    /** The policy's advice on changing it, as the end of a denial. */
    private String advised() {
        return policy.advice().isEmpty() ? "" : ". " + policy.advice();
    }

    private Admission ask(Tool tool, ToolArguments arguments, List<Access> accesses, Workspace workspace,
                          Judgement judgement, Consumer<Boolean> waiting) {
        if (approver.isEmpty()) {
            return new Admission.Unanswered(judgement.reasons(), judgement.rememberAs());
        }
        waiting.accept(true);
        asking.lock();
        try {
            // An "always" given while this call waited may already cover it.
            Judgement now = current().judge(tool, accesses, workspace);
            if (now.decision() != Decision.ASK) {
                return now.decision() == Decision.ALLOW ? ALLOWED
                        : new Admission.Denied(byPolicy(now));
            }
            Approval approval = approver.get().approve(new ApprovalRequest(tool.spec().name(), arguments.json(),
                    now.reasons(), now.rememberAs()));
            return switch (approval) {
                case ALLOW_ONCE -> ALLOWED;
                case ALLOW_ALWAYS -> {
                    remember(now.rememberAs());
                    yield ALLOWED;
                }
                case DENY -> new Admission.Denied(denied("denied by the user (" + String.join("; ", now.reasons())
                        + "). Do not retry the same call; ask the user or try another way"));
            };
        } finally {
            asking.unlock();
            waiting.accept(false);
        }
    }

    /**
     * After a call changed files other programs run later ({@link PermissionPolicy#asksBeforeExecutableConfig}):
     * whether the person keeps the change. With no one to ask, it is not kept.
     *
     * @param reasons what changed and what runs it, one line each, ending with what each answer does
     */
    public boolean keeps(String toolName, String arguments, List<String> reasons, Consumer<Boolean> waiting) {
        if (approver.isEmpty()) {
            return false;
        }
        waiting.accept(true);
        asking.lock();
        try {
            return approver.get().approve(new ApprovalRequest(toolName, arguments, reasons, List.of())) != Approval.DENY;
        } finally {
            asking.unlock();
            waiting.accept(false);
        }
    }

    private PermissionPolicy current() {
        return remembered.isEmpty() ? policy : policy.with(remembered);
    }

    private static ToolResult.Failure denied(String message) {
        return new ToolResult.Failure(ToolResult.Failure.DENIED, message);
    }
}
