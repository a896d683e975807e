package io.agentloop.hooks.usage;

import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Limits on tokens (input plus output) and cost, per run and in total (everything the meter saw:
 * a session in the launcher). Empty means no limit.
 */
public record Budget(OptionalLong runTokens, OptionalLong totalTokens, OptionalDouble runCost,
                     OptionalDouble totalCost) {
    public static final Budget NONE = new Budget(OptionalLong.empty(), OptionalLong.empty(), OptionalDouble.empty(),
            OptionalDouble.empty());

    public Budget withRunTokens(long tokens) {
        return new Budget(OptionalLong.of(tokens), totalTokens, runCost, totalCost);
    }

    public Budget withTotalTokens(long tokens) {
        return new Budget(runTokens, OptionalLong.of(tokens), runCost, totalCost);
    }

    public Budget withRunCost(double cost) {
        return new Budget(runTokens, totalTokens, OptionalDouble.of(cost), totalCost);
    }

    public Budget withTotalCost(double cost) {
        return new Budget(runTokens, totalTokens, runCost, OptionalDouble.of(cost));
    }

    public boolean any() {
        return runTokens.isPresent() || totalTokens.isPresent() || runCost.isPresent() || totalCost.isPresent();
    }
}
