package io.agentloop.api.hook;

/**
 * The marker of everything that can change a run's values: the pre/post hooks of each phase and
 * the reasoning and acting interceptors. One class may implement several of them.
 *
 * <h2>Phases</h2>
 * <ul>
 *   <li><b>reply</b>: the whole run ({@link PreReplyHook}, {@link PostReplyHook});</li>
 *   <li><b>reasoning</b>: one model call, retries included ({@link PreReasoningHook},
 *       {@link PostReasoningHook}, {@link ReasoningInterceptor});</li>
 *   <li><b>acting</b>: one tool call ({@link PreActingHook}, {@link PostActingHook},
 *       {@link ActingInterceptor});</li>
 *   <li><b>print</b>: each piece of answer text shown to the user ({@link PrePrintHook},
 *       {@link PostPrintHook}).</li>
 * </ul>
 *
 * <h2>Ordering</h2>
 * Each phase is one around-chain. A hook with a lower {@link #order()} is further out: its
 * "before" runs first and its "after" runs last. Ties keep registration order: built-ins, then
 * plugins, then the hooks given to the agent, each in the order they were registered. Hooks run
 * once per logical step: a retried model call does not run the reasoning hooks again.
 *
 * <h2>Failures</h2>
 * <ul>
 *   <li>A "before" hook or an interceptor that throws stops the step: the inner call is not made.</li>
 *   <li>An "after" hook that throws does not stop the other "after" hooks: they run on the last
 *       good value, then the step fails with the first failure (the others suppressed).</li>
 *   <li>A hook that returns null, or an interceptor that calls {@code proceed} twice, breaks the
 *       contract; the step fails with a {@link HookException} naming the hook.</li>
 *   <li>In the acting phase a failed step becomes an error result for the model ({@code
 *       hook_failed}); in the reasoning and reply phases it fails the run.</li>
 * </ul>
 *
 * <h2>Threading and state</h2>
 * Hooks are shared by every run and may be called concurrently (acting hooks run on the tools'
 * threads). Keep per-run state in {@link HookContext#attributes()}, never in fields.
 */
public interface Hook {

    /** Position in the chain: lower is further out. Default 0. */
    default int order() {
        return 0;
    }

    /**
     * Whether this hook also runs in the runs of the agent's sub-agents (a sub-agent runs inside one
     * of its parent's tool calls). Yes by default: guards, budgets and audits hold for everything an
     * agent sets off. Say no for a hook about the conversation itself, which a sub-agent's run is not
     * part of: recording the session, recalling or saving long-term memory.
     */
    default boolean appliesToSubAgents() {
        return true;
    }

    /** The name used in error messages and logs. Defaults to the class name. */
    default String name() {
        return getClass().getName();
    }
}
