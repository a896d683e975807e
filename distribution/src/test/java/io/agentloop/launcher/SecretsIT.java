package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.launcher.InstalledLauncher.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Secrets through the built installation: a key planted in the environment, a {@code .env} file or the
 * home folder never reaches the model, the output, the session files, the logs or the trace.
 */
class SecretsIT extends InstallationFixture {
    @Test
    void plantedSecretsNeverReachTheModelHoweverACommandSpellsThem() throws Exception {
        String planted = "tok-planted-7731-env";
        String dotenv = "dotenv-planted-7731";
        String key = "ssh-key-planted-7731";
        Path home = Files.createDirectories(elsewhere.resolve("home"));
        Files.createDirectories(home.resolve(".ssh"));
        Files.writeString(home.resolve(".ssh/id_rsa"), key);
        Files.writeString(work.resolve(".env"), "API_TOKEN=" + dotenv + "\n");
        Files.writeString(work.resolve("user.yaml"), "workspace:\n  env-allow: [PLAIN_SETTING]\n");
        extraEnv.put("HOME", home.toString());
        extraEnv.put("DEPLOY_TOKEN", planted);
        extraEnv.put("PLAIN_SETTING", "visible-7731");
        List<String> spellings = List.of(
                "cat /proc/1/environ /proc/[0-9]*/environ | tr '\\0' '\\n'; cat /proc/$PPID/cmdline",
                "env; printenv DEPLOY_TOKEN OPENAI_API_KEY",
                "cat .env; cat ./.e*; cat '.en''v'; cat \"$(printf '.e%s' nv)\"",
                "cp .env /tmp/copy && cat /tmp/copy; cat ~/.ssh/id_rsa; cat $HOME/.ss?/id_*; tar c .env | tar xO");
        for (int i = 0; i < spellings.size(); i++) {
            server.enqueue(FakeOpenAi.toolCall("call_" + i, "bash", "{\"command\":" + jsonString(spellings.get(i))
                    + "}"));
        }
        server.enqueue(FakeOpenAi.toolCall("call_read", "read", "{\"path\":\".env\"}"));
        server.enqueue(FakeOpenAi.answer("Looked everywhere."));

        Outcome run = agentloop("run", "--json", "--yes", "Find the keys");

        assertThat(run.exit()).as(run.err() + run.out()).isZero();
        assertThat(run.err()).contains("WARNING --yes is on");
        List<String> bodies = new ArrayList<>();
        while (server.getRequestCount() > bodies.size()) {
            bodies.add(server.takeRequest().getBody().utf8());
        }
        assertThat(bodies).hasSize(spellings.size() + 2);
        assertThat(bodies.getLast()).contains("visible-7731").contains("Error (denied)");
        for (String body : bodies) {
            assertThat(body).doesNotContain(planted).doesNotContain(dotenv).doesNotContain(key)
                    .doesNotContain("sk-test-key-123456");
        }
        assertThat(run.out()).doesNotContain(planted).doesNotContain(dotenv).doesNotContain(key);
        assertThat(Files.readString(auditLog)).contains("\"tool\":\"bash\"").doesNotContain(planted)
                .doesNotContain(dotenv).doesNotContain(key);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(auditLog))).isEqualTo("rw-------");
    }

    @Test
    void aPlantedKeyIsInNoSessionFileLogLineTraceOrEvent() throws Exception {
        String key = "sk-proj-PlantedKey0123456789abcdefXYZ";
        Files.writeString(work.resolve("notes.txt"), "deploy with OPENAI_API_KEY=" + key + "\n");
        Files.writeString(work.resolve("user.yaml"), "trace:\n  file: " + work.resolve("trace.jsonl") + "\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "read", "{\"path\":\"notes.txt\"}"));
        server.enqueue(FakeOpenAi.answer("The key is ", key, "."));

        Outcome run = agentloop("run", "--json", "--verbose", "What key is in notes.txt? (it is " + key + ")");

        assertThat(run.exit()).as(run.err()).isZero();
        server.takeRequest();
        assertThat(server.takeRequest().getBody().utf8()).as("the user's own message reaches the model as written, the "
                + "file's copy masked").contains(key).contains(SecretRedactor.MASK);
        assertThat(run.out()).contains("tool_call_completed").contains(SecretRedactor.MASK).doesNotContain(key);
        assertThat(run.err()).contains("DEBUG").contains("tool read (call_1) returned").contains(SecretRedactor.MASK)
                .doesNotContain(key);
        assertThat(Files.readString(work.resolve("trace.jsonl"))).contains("tool_call").doesNotContain(key);
        List<Path> sessionFiles;
        try (Stream<Path> files = Files.list(work.resolve("sessions"))) {
            sessionFiles = files.filter(f -> f.toString().endsWith(".jsonl")).toList();
        }
        assertThat(sessionFiles).singleElement().satisfies(file -> assertThat(Files.readString(file))
                .contains("notes.txt").contains(SecretRedactor.MASK).doesNotContain(key));
    }
}
