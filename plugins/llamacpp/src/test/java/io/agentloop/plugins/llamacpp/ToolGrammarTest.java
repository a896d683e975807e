package io.agentloop.plugins.llamacpp;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.tool.ToolSpec;
import java.util.List;
import java.util.Map;
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

    @Test
    void theStringsOfAFullListShareTheAnswersQuarterOfTheTokenLimitWithTheOtherStrings() {
        Map<String, Object> pet = Map.of("type", "object", "properties", Map.of(
                "name", Map.of("type", "string"),
                "toys", Map.of("type", "array", "items", Map.of("type", "string")),
                "tags", Map.of("type", "array", "maxItems", 2, "items", Map.of("type", "string"))));

        int perString = ToolGrammar.perString(pet, 512);

        // name, eight toys and two tags: eleven strings at their longest still fit a quarter of 512 tokens.
        assertThat(perString * (1 + ToolGrammar.MAX_ITEMS + 2)).isLessThanOrEqualTo(512 / 4);
        assertThat(perString).isEqualTo(512 / 4 / 11);
        assertThat(ToolGrammar.perString(Map.of("type", "string"), 16)).as("never under 8").isEqualTo(8);
    }

    @Test
    void integersStayWithinAnIntAndTheConverterNeverSeesIntsOwnLimits() {
        Map<String, Object> legs = Map.of("type", "object", "properties", Map.of(
                "free", Map.of("type", "integer"),
                "whole", Map.of("type", "integer", "minimum", Integer.MIN_VALUE, "maximum", Integer.MAX_VALUE),
                "small", Map.of("type", "integer", "exclusiveMinimum", 0, "exclusiveMaximum", 10),
                "huge", Map.of("type", "integer", "minimum", 5_000_000_000L)));

        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> bounded = (Map<String, Map<String, Object>>)
                ((Map<String, Object>) ToolGrammar.bounded(legs, 100)).get("properties");

        assertThat(bounded.get("free")).containsEntry("minimum", -2147483647L).containsEntry("maximum", 2147483646L);
        assertThat(bounded.get("whole")).containsEntry("minimum", -2147483647L).containsEntry("maximum", 2147483646L);
        assertThat(bounded.get("small")).containsEntry("minimum", 1L).containsEntry("maximum", 9L)
                .doesNotContainKeys("exclusiveMinimum", "exclusiveMaximum");
        assertThat(bounded.get("huge")).containsEntry("minimum", 2147483646L).containsEntry("maximum", 2147483646L);
        // int's own limits given to the converter abort the process: reaching this line is the check
        String grammar = ToolGrammar.ofSchema(legs, 512);
        assertThat(grammar).contains("free-kv").contains("whole-kv");
        assertThat(grammar).as("a negative int has at most nine digits (the converter would let sixteen through)")
                .contains("\"-\" ([0] | [1-9] [0-9]{0,8})").doesNotContain("{0,15}");
    }

    @Test
    void toolArgumentsGetIntegerBoundsButTheirStringsAndListsStayAsTheToolSaysThem() {
        ToolSpec repeat = ToolSpec.builder("repeat").description("Repeats.")
                .parameter("times", Map.of("type", "integer"), true)
                .parameter("words", Map.of("type", "array", "items", Map.of("type", "string")), true).build();

        @SuppressWarnings("unchecked")
        Map<String, Object> bounded = (Map<String, Object>) ToolGrammar.bounded(repeat.parameters(), 0);

        assertThat(bounded.toString()).contains("minimum=-2147483647").doesNotContain("maxItems")
                .doesNotContain("maxLength");
        assertThat(ToolGrammar.of(List.of(repeat), ToolChoice.REQUIRED, 1024)).isPresent();
    }
}
