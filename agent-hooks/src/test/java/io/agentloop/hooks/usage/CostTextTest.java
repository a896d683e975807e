package io.agentloop.hooks.usage;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CostTextTest {
    @Test
    void aCostForPeopleHasFourDecimalsOrItsFirstTwoSignificantDigits() {
        assertThat(CostText.of(0)).isEqualTo("0.0000");
        assertThat(CostText.of(0.08)).isEqualTo("0.0800");
        assertThat(CostText.of(0.0024)).isEqualTo("0.0024");
        assertThat(CostText.of(12.345678)).isEqualTo("12.3457");
        assertThat(CostText.of(2.6520000000000005E-4)).isEqualTo("0.00027");
        assertThat(CostText.of(0.00072)).isEqualTo("0.00072");
        assertThat(CostText.of(1.234e-7)).isEqualTo("0.00000012");
    }

    @Test
    void aCostForProgramsIsAPlainDecimalWithoutTheNoiseOfTheSum() {
        assertThat(CostText.decimal(2.6520000000000005E-4).toPlainString()).isEqualTo("0.0002652");
        assertThat(CostText.decimal(0.1 + 0.2).toPlainString()).isEqualTo("0.3");
        assertThat(CostText.decimal(1.5e-9).toPlainString()).isEqualTo("0.0000000015");
        assertThat(CostText.decimal(1200).toPlainString()).isEqualTo("1200");
        assertThat(CostText.decimal(0).toPlainString()).isEqualTo("0");
    }
}
