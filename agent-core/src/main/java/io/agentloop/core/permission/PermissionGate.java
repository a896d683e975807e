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
 * policy denies, or that asks and is not approved, gets a {@link ToolResult.Failure#DENIED} result
 * and never runs. Approvals go to the approver one at a time; "always" adds allow rules for the
 * rest of this gate's life (one agent). Thread-safe.
 */
public final class PermissionGate {
    private final PermissionPolicy policy;
    private final Optional<Approver> approver;
    private final List<PermissionRule> remembered = new CopyOnWriteArrayList<>();
    private final ReentrantLock asking = new ReentrantLock(true);

    public PermissionGate(PermissionPolicy policy, Optional<Approver> approver) {
        this.policy = policy;
        this.approver = approver;
    }

    public PermissionPolicy policy() {
        return policy;
    }

    /**
     * Decides whether the call may run.
     *
     * @param waiting told before ({@code true}) and after ({@code false}) the approver is asked,
     *                so the call's timeout can stop counting while a person decides
     * @return the denial to return to the model, or empty to run the call
     */
    public Optional<ToolResult.Failure> admit(Tool tool, ToolArguments arguments, Workspace workspace,
                                              Consumer<Boolean> waiting) {
        List<Access> accesses = tool.accesses(arguments);
        Judgement judgement = current().judge(tool, accesses, workspace);
        return switch (judgement.decision()) {
            case ALLOW -> Optional.empty();
            case DENY -> Optional.of(denied("denied by policy: " + String.join("; ", judgement.reasons())));
            case ASK -> ask(tool, arguments, accesses, workspace, judgement, waiting);
        };
    }

    private Optional<ToolResult.Failure> ask(Tool tool, ToolArguments arguments, List<Access> accesses,
                                             Workspace workspace, Judgement judgement,
                                             Consumer<Boolean> waiting) {
        if (approver.isEmpty()) {
            return Optional.of(denied("denied by policy: this call needs approval and no one can approve it in "
                    + "this run (" + String.join("; ", judgement.reasons()) + "). Do not retry it; tell the user. They "
                    + "can allow such calls with a rule such as " + judgement.rememberAs().stream().findFirst()
                    .orElse(tool.spec().name()) + " in permissions.allow, or a permission mode that lets them run "
                    + "(--mode edit for edits, --mode auto for commands in the sandbox, --yes for everything)"));
        }
        waiting.accept(true);
        asking.lock();
        try {
            // An "always" given while this call waited may already cover it.
            Judgement now = current().judge(tool, accesses, workspace);
            if (now.decision() != Decision.ASK) {
                return now.decision() == Decision.ALLOW ? Optional.empty()
                        : Optional.of(denied("denied by policy: " + String.join("; ", now.reasons())));
            }
            Approval approval = approver.get().approve(new ApprovalRequest(tool.spec().name(), arguments.json(),
                    now.reasons(), now.rememberAs()));
            return switch (approval) {
                case ALLOW_ONCE -> Optional.empty();
                case ALLOW_ALWAYS -> {
                    now.rememberAs().forEach(rule -> remembered.add(PermissionRule.parse(Decision.ALLOW, rule)));
                    yield Optional.empty();
                }
                case DENY -> Optional.of(denied("denied by the user (" + String.join("; ", now.reasons())
                        + "). Do not retry the same call; ask the user or try another way"));
            };
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
