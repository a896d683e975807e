package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.AgentException;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.tool.Param;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.core.output.TypeSchema;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A run asked for a structured answer: the schema goes to the model, the answer is checked and converted. */
class StructuredOutputTest {
    enum Priority { LOW, HIGH }

    record Step(String id, @Param(description = "what to do") String description, List<String> dependsOn,
                Optional<Priority> priority) {
    }

    record Plan(String goal, List<Step> steps) {
    }

    private static final String PLAN = "{\"goal\":\"ship\",\"steps\":[{\"id\":\"s1\",\"description\":\"build\","
            + "\"dependsOn\":[],\"priority\":\"HIGH\"},{\"id\":\"s2\",\"description\":\"test\",\"dependsOn\":[\"s1\"]}]}";

    @Test
    void aRecordWithNestedRecordsListsEnumsAndOptionalsRoundTrips() {
        ScriptedChatModel model = ScriptedChatModel.script().answer(PLAN).build();

        Plan plan = Agent.builder().model(model).build().run("Plan the release.", Plan.class);

        assertThat(plan).isEqualTo(new Plan("ship", List.of(
                new Step("s1", "build", List.of(), Optional.of(Priority.HIGH)),
                new Step("s2", "test", List.of("s1"), Optional.empty()))));
        assertThat(model.requests().getFirst().options().responseSchema()).contains(TypeSchema.of(Plan.class));
        @SuppressWarnings("unchecked")
        Map<String, Object> step = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>)
                TypeSchema.of(Plan.class).get("properties")).get("steps")).get("items");
        assertThat(step).containsEntry("required", List.of("id", "description", "dependsOn"))
                .containsEntry("additionalProperties", false);
        assertThat(step.get("properties").toString()).contains("description=what to do")
                .contains("enum=[LOW, HIGH]");
    }

    @Test
    void anAnswerThatDoesNotMatchGoesBackWithTheViolationsAndTheNextOneCounts() {
        ScriptedChatModel model = ScriptedChatModel.script().answer("{\"goal\":\"ship\",\"steps\":[{\"id\":1}]}")
                .answer("```json\n" + PLAN + "\n```").build();

        Plan plan = Agent.builder().model(model).build().run("Plan the release.", Plan.class);

        assertThat(plan.steps()).hasSize(2);
        List<Message> second = model.requests().get(1).messages();
        assertThat(second.getLast()).isInstanceOfSatisfying(UserMessage.class, feedback -> assertThat(feedback.text())
                .startsWith("Your answer does not match the required JSON Schema: ").contains("id")
                .contains("description").endsWith("Answer again with only a JSON value that matches it."));
    }

    record Pet(String name, int legs) {
    }

    @Test
    void aNumberTheJavaTypeCannotHoldGoesBackToTheModelNamingTheField() {
        ScriptedChatModel model = ScriptedChatModel.script().answer("{\"name\":\"Rex\",\"legs\":-3500000000}")
                .answer("{\"name\":\"Rex\",\"legs\":4}").build();

        Pet pet = Agent.builder().model(model).build().run("A pet?", Pet.class);

        assertThat(pet).isEqualTo(new Pet("Rex", 4));
        assertThat(model.requests().get(1).messages().getLast()).isInstanceOfSatisfying(UserMessage.class,
                feedback -> assertThat(feedback.text()).contains("$.legs: ").contains("-3500000000")
                        .contains("out of range of `int`"));
    }

    @Test
    void afterTheAllowedAnswersTheRunFailsNamingTheLastViolation() {
        ScriptedChatModel model = ScriptedChatModel.script().answer("not json").answer("{\"goal\":3}").build();
        Agent agent = Agent.builder().model(model).options(RunOptions.builder().outputRetries(1).build()).build();

        assertThatThrownBy(() -> agent.run("Plan the release.", Plan.class)).isInstanceOf(AgentException.class)
                .hasMessageStartingWith("the answer did not match the output schema after 2 answer(s); the last: ")
                .hasMessageContaining("goal");
        assertThat(model.calls()).isEqualTo(2);
    }

    @Test
    void toolsWorkBeforeTheStructuredAnswer() {
        FakeTool version = FakeTool.named("version").readOnly().returning("2.4.1");
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(ToolCall.of("c1", "version", "{}"))
                .answer("{\"version\":\"2.4.1\",\"major\":2}").build();

        Object answer = Agent.builder().model(model).tools(version).build().run("Which version?", Map.of(
                "type", "object", "properties", Map.of("version", Map.of("type", "string"),
                        "major", Map.of("type", "integer")), "required", List.of("version", "major")));

        assertThat(answer).isEqualTo(Map.of("version", "2.4.1", "major", 2));
        assertThat(version.calls()).hasSize(1);
        assertThat(model.requests()).allSatisfy(request -> assertThat(request.options().responseSchema()).isPresent());
    }

    @Test
    void aTypeWithoutASchemaOrABrokenSchemaIsAClearErrorBeforeAnyCall() {
        ScriptedChatModel model = ScriptedChatModel.script().answer("{}").build();
        Agent agent = Agent.builder().model(model).build();

        assertThatThrownBy(() -> agent.run("x", Thread.class)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.Thread").hasMessageContaining("has no JSON Schema");
        assertThatThrownBy(() -> agent.run("x", Map.of("type", "objekt"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the output schema is not valid JSON Schema");
        assertThat(model.calls()).isZero();
    }
}
