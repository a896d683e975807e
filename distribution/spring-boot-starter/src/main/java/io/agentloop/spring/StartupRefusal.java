package io.agentloop.spring;

/**
 * Why the starter will not let the application start: one line saying what is wrong and what to set
 * (a Jackson the starter was not built for, an {@code agentloop.*} key it does not know). Spring
 * Boot shows it as the application's failure, without a stack trace ({@link StartupRefusalAnalyzer}).
 */
public final class StartupRefusal extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    private final String action;

    /**
     * @param problem what is wrong and what to do, on one line
     * @param action  what to do alone, for Boot's "Action" paragraph
     */
    StartupRefusal(String problem, String action) {
        super(problem);
        this.action = action;
    }

    /** What to do: the property or the key to set. */
    public String action() {
        return action;
    }
}
