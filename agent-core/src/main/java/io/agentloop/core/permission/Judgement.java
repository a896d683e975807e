package io.agentloop.core.permission;

import io.agentloop.api.permission.Decision;
import java.util.List;
import java.util.Objects;

/**
 * What the policy decided about one call.
 *
 * @param decision   the strictest decision over everything the call touches
 * @param reasons    why, one line per access that led to the decision
 * @param rememberAs the allow rules an "always" approval would add (for {@link Decision#ASK})
 */
public record Judgement(Decision decision, List<String> reasons, List<String> rememberAs) {
    public Judgement {
        Objects.requireNonNull(decision, "decision");
        reasons = List.copyOf(reasons);
        rememberAs = List.copyOf(rememberAs);
    }
}
