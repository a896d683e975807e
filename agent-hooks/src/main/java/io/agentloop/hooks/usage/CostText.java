package io.agentloop.hooks.usage;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * How every cost is written, for people and for programs, so that the run line, {@code stats},
 * the report and budget messages agree. For people, four decimals, or more for a cost under 0.01
 * so that its first two significant digits show: a run of 0.0002652 is {@code 0.00027}, not
 * {@code 0.0000}. For programs, a plain decimal without the binary rounding noise of the sum:
 * {@code 0.0002652}, not {@code 2.6520000000000005E-4}.
 *
 * <pre>{@code
 * CostText.of(0.0024);             // "0.0024"
 * CostText.of(0.0002652);          // "0.00027"
 * CostText.decimal(2.6520000000000005E-4).toPlainString(); // "0.0002652"
 * }</pre>
 */
public final class CostText {
    /** Significant digits kept for programs: far beyond any price's, far short of a double's noise. */
    private static final MathContext PRECISION = new MathContext(12, RoundingMode.HALF_EVEN);

    private CostText() {
    }

    /** A cost for people: at least four decimals, and at least two significant digits. */
    public static String of(double cost) {
        if (cost == 0 || !Double.isFinite(cost)) {
            return cost == 0 ? "0.0000" : Double.toString(cost);
        }
        int firstDigit = (int) Math.floor(Math.log10(Math.abs(cost))); // -4 for 0.0002652
        int scale = Math.max(4, 1 - firstDigit);
        return BigDecimal.valueOf(cost).setScale(scale, RoundingMode.HALF_UP).toPlainString();
    }

    /** A cost for programs: the sum's value to twelve significant digits, to be written plain. */
    public static BigDecimal decimal(double cost) {
        BigDecimal value = BigDecimal.valueOf(cost).round(PRECISION).stripTrailingZeros();
        return value.scale() < 0 ? value.setScale(0) : value;
    }
}
