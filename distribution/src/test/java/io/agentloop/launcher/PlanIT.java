package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.launcher.InstalledLauncher.Outcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code agentloop run --plan} from the built installation: a plan made, its steps run and summarised,
 * and a plan whose process is killed going on at its next step in a new one.
 */
class PlanIT extends InstallationFixture {
    @Test
    void runWithPlanMakesAPlanRunsItsStepsAndSummarises() throws Exception {
        server.enqueue(planning("p1", "{\"command\":\"create\",\"steps\":[{\"id\":\"s1\",\"description\":"
                + "\"find the capital\"},{\"id\":\"s2\",\"description\":\"find its population\",\"depends_on\":"
                + "[\"s1\"]}]}"));
        server.enqueue(FakeOpenAi.answer("Planned."));
        server.enqueue(FakeOpenAi.answer("Paris."));
        server.enqueue(marked("p2", "s1"));
        server.enqueue(FakeOpenAi.answer("Noted."));
        server.enqueue(FakeOpenAi.answer("About 2.1 million."));
        server.enqueue(marked("p3", "s2"));
        server.enqueue(FakeOpenAi.answer("Noted."));
        server.enqueue(FakeOpenAi.answer("Paris, with about 2.1 million people."));

        Outcome run = agentloop("run", "--plan", "How many people live in the capital of France?");

        assertThat(run.exit()).as(run.err() + run.out()).isZero();
        assertThat(run.out()).contains("[plan] s1: find the capital").contains("[plan] s2: find its population (after s1)")
                .contains("[step s1] find the capital").contains("[step s1] done")
                .contains("[step s2] done").contains("[plan] s1 completed, s2 completed")
                .contains("Paris, with about 2.1 million people.")
                .contains("-- PLAN DONE: 2 step(s), 0 failed, 0 replan(s)");
        assertThat(server.takeRequest().getBody().utf8()).as("the planner has its planning tool")
                .contains("\"name\":\"planning\"");
        for (int i = 0; i < 4; i++) { // its note, s1, the review of s1's round and its note
            server.takeRequest();
        }
        assertThat(server.takeRequest().getBody().utf8()).as("s2 gets s1's result").contains("[s1] Paris.");
        server.takeRequest();
        server.takeRequest();
        assertThat(server.takeRequest().getBody().utf8()).as("the summary sees both").contains("Paris.")
                .contains("About 2.1 million.");
    }

    private static mockwebserver3.MockResponse planning(String id, String arguments) {
        return FakeOpenAi.toolCall(id, "planning", arguments);
    }

    private static mockwebserver3.MockResponse marked(String id, String step) {
        return planning(id, "{\"command\":\"mark_step\",\"step_id\":\"" + step + "\",\"step_status\":\"completed\"}");
    }

    @Test
    void aPlanKilledAfterItsSecondStepGoesOnAtTheThirdInANewProcess() throws Exception {
        server.enqueue(planning("p1", "{\"command\":\"create\",\"steps\":[{\"id\":\"s1\",\"description\":"
                + "\"find the capital\"},{\"id\":\"s2\",\"description\":\"find its population\",\"depends_on\":"
                + "[\"s1\"]},{\"id\":\"s3\",\"description\":\"round the figure\",\"depends_on\":[\"s2\"]}]}"));
        server.enqueue(FakeOpenAi.answer("Planned."));
        server.enqueue(FakeOpenAi.answer("Paris."));
        server.enqueue(marked("p2", "s1"));
        server.enqueue(FakeOpenAi.answer("Noted."));
        server.enqueue(FakeOpenAi.answer("About 2.1 million."));
        server.enqueue(marked("p3", "s2"));
        server.enqueue(FakeOpenAi.answer("Noted."));
        // The third step's answer never comes in time: the process is killed while it waits.
        server.enqueue(new mockwebserver3.MockResponse.Builder().headersDelay(30, TimeUnit.SECONDS)
                .body("never").build());
        ProcessBuilder builder = new ProcessBuilder(installation.resolve("bin/agentloop").toString(), "run", "--plan",
                "How many people live in the capital of France, roughly?").directory(work.toFile())
                .redirectError(work.resolve("err.txt").toFile());
        environment(builder.environment());
        Process first = builder.start();
        try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(first.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null && !line.equals("[step s3] round the figure")) {
                // reading until the third step starts, after the second is done and saved
            }
            assertThat(line).as(Files.readString(work.resolve("err.txt"))).isNotNull();
            for (int i = 0; i < 9; i++) { // the plan, steps 1 and 2 with their reviews, and step 3's call, waiting
                assertThat(server.takeRequest(30, TimeUnit.SECONDS)).as("request " + (i + 1)).isNotNull();
            }
            first.destroyForcibly();
            assertThat(first.waitFor(20, TimeUnit.SECONDS)).isTrue();
        }
        server.enqueue(FakeOpenAi.answer("About 2 million."));
        server.enqueue(marked("p4", "s3"));
        server.enqueue(FakeOpenAi.answer("Noted."));
        server.enqueue(FakeOpenAi.answer("Paris has about 2 million people."));

        Outcome resumed = agentloop("run", "--plan", "--continue");

        assertThat(resumed.exit()).as(resumed.err() + resumed.out()).isZero();
        assertThat(resumed.out()).contains("[resume] How many people live in the capital of France, roughly?: 2 of 3 "
                + "step(s) done, going on").contains("[step s3] done").doesNotContain("[step s1]")
                .contains("-- PLAN DONE: 3 step(s), 0 failed, 0 replan(s)");
        String third = server.takeRequest().getBody().utf8();
        assertThat(third).as("the first request goes on at step 3, with step 2's result").contains("round the figure")
                .contains("[s2] About 2.1 million.").doesNotContain("response_format");
        server.takeRequest();
        server.takeRequest();
        assertThat(server.takeRequest().getBody().utf8()).as("the summary sees the steps of both processes")
                .contains("Paris.").contains("About 2.1 million.").contains("About 2 million.");
    }
}
