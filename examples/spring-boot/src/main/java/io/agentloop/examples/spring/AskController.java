package io.agentloop.examples.spring;

import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /ask}: one run of the shared agent per request (an agent serves concurrent runs). */
@RestController
public class AskController {
    private final Agent agent;

    public AskController(Agent agent) {
        this.agent = agent;
    }

    /** A question about an order. */
    public record Question(String question) {
    }

    /** The agent's answer and the tools it called on the way. */
    public record Answer(String answer, java.util.List<String> toolsCalled) {
    }

    @PostMapping("/ask")
    public Answer ask(@RequestBody Question question) {
        RunResult result = agent.run(question.question());
        return new Answer(result.text(), result.toolCalls().stream().map(call -> call.call().name()).toList());
    }
}
