package io.agentloop.plugins.llamacpp;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.tool.ToolSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolGrammarTest {
    private static final ToolSpec COUNT = ToolSpec.builder("word_count").description("Counts words.")
            .stringParameter("text", "the text", true).build();
    private static final ToolSpec CLOCK = ToolSpec.builder("clock").description("Tells the time.").build();

    @Test
    void noToolsOrToolChoiceNoneMeansNoGrammar() {
        assertThat(ToolGrammar.of(List.of(), ToolChoice.REQUIRED, 1024)).isEmpty();
        assertThat(ToolGrammar.of(List.of(COUNT), ToolChoice.NONE, 1024)).isEmpty();
    }

    @Test
    void requiredAdmitsOnlyCallsOfTheOfferedToolsWithCompactSpacing() {
        String grammar = ToolGrammar.of(List.of(COUNT, CLOCK), ToolChoice.REQUIRED, 1024).orElseThrow();

        assertThat(grammar).containsPattern("(?m)^root ::= preamble\\? agentloop-tool-call$")
                .containsPattern("(?m)^preamble ::= .*\\{0,119\\} \"\\\\n\"$")
                .contains("\"\\\"word_count\\\"\"").contains("\"\\\"clock\\\"\"")
                .containsPattern("(?m)^space ::= \" \"\\?$")
                .doesNotContain("answer");
        assertThat(grammar.lines().filter(line -> line.startsWith("root ::="))).hasSize(1);
    }

    @Test
    void theLineBeforeACallGetsAQuarterOfTheTokenLimitAndNoneWhenTheLimitIsSmall() {
        assertThat(ToolGrammar.of(List.of(COUNT), ToolChoice.REQUIRED, 100).orElseThrow())
                .containsPattern("(?m)^preamble ::= .*\\{0,24\\} \"\\\\n\"$");
        String small = ToolGrammar.of(List.of(COUNT), ToolChoice.REQUIRED, 20).orElseThrow();
        assertThat(small).containsPattern("(?m)^root ::= agentloop-tool-call$").doesNotContain("preamble");
    }

    @Test
    void autoAdmitsACallOrAnAnswerThatDoesNotStartWithABrace() {
        String grammar = ToolGrammar.of(List.of(COUNT), ToolChoice.AUTO, 1024).orElseThrow();

        assertThat(grammar).containsPattern("(?m)^root ::= preamble\\? agentloop-tool-call \\| answer$")
                .containsPattern("(?m)^agentloop-tool-call ::= \"\\{\"")
                .containsPattern("(?m)^answer ::= \\[\\^\\{ ");
        assertThat(grammar.lines().filter(line -> line.startsWith("root ::="))).hasSize(1);
    }
}
