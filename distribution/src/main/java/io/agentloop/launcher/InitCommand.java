package io.agentloop.launcher;

import io.agentloop.core.secret.PrivateFiles;
import io.agentloop.core.text.Nearest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agentloop init}: writes a commented user configuration for a provider, private to the user.
 * The provider comes from {@code --provider} or, on a terminal, a question. A key goes into the file
 * only with {@code --with-key}; by default the file says which variable to set.
 */
final class InitCommand extends LauncherCommand {
    /** Each hosted provider's key variable, and a model to start with. */
    private static final Map<String, String[]> PROVIDERS = providers();

    boolean withKey;
    boolean force;

    private static Map<String, String[]> providers() {
        Map<String, String[]> providers = new LinkedHashMap<>();
        providers.put("openai", new String[] {"OPENAI_API_KEY", "gpt-4.1-mini"});
        providers.put("anthropic", new String[] {"ANTHROPIC_API_KEY", "claude-sonnet-4-5"});
        providers.put("gemini", new String[] {"GEMINI_API_KEY", "gemini-2.5-flash"});
        providers.put("ollama", new String[] {"OLLAMA_API_KEY", "qwen2.5:7b"});
        providers.put("openai-responses", new String[] {"OPENAI_API_KEY", "gpt-4.1-mini"});
        return providers;
    }

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("init", "Writes a commented configuration file for a provider: "
                + "~/.config/agentloop/agentloop.yaml ($XDG_CONFIG_HOME/agentloop/ when that is set), or the file "
                + "AGENTLOOP_CONFIG names.");
        spec.addOption(Cli.flag("Also write the provider's key, taken from its environment variable, into the file "
                + "(private to you; by default the file only names the variable).", () -> withKey, v -> withKey = v,
                "--with-key"));
        spec.addOption(Cli.flag("Replace a configuration file that exists.", () -> force, v -> force = v, "--force"));
        return spec;
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        PrintWriter err = err();
        String provider = options.provider != null ? options.provider : ask(out);
        if (provider == null) {
            err.println("agentloop init: choose a provider with --provider (" + String.join(", ", PROVIDERS.keySet())
                    + ")");
            return Launcher.USAGE;
        }
        String[] known = PROVIDERS.get(provider);
        if (known == null) {
            err.println("agentloop init: '" + provider + "' is not a provider init knows" + Nearest.to(provider,
                    PROVIDERS.keySet()).map(p -> "; did you mean '" + p + "'?").orElse("") + " (choose one of "
                    + String.join(", ", PROVIDERS.keySet()) + ")");
            return Launcher.USAGE;
        }
        String key = null;
        if (withKey) {
            key = parent.env.apply(known[0]);
            if (key == null || key.isBlank()) {
                err.println("agentloop init: --with-key takes the key from " + known[0] + ", which is not set");
                return Launcher.USAGE;
            }
        }
        Path file = ConfigLoader.userFile(parent.env);
        String model = options.model != null ? options.model : known[1];
        try {
            write(file, text(provider, model, known[0], key));
        } catch (FileAlreadyExistsException e) {
            err.println("agentloop init: " + file + " exists; keep it, or replace it with --force");
            return Launcher.USAGE;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        out.println("Wrote " + file + " (" + provider + ", " + model + (key == null ? "; set " + known[0]
                + " in your environment" : "; with your key, readable by you alone") + "). Check it with: agentloop "
                + "config --check");
        return Launcher.ANSWERED;
    }

    /** On a terminal (or the input a test gives), asks for the provider; null when no one can answer. */
    private String ask(PrintWriter out) {
        java.io.Console terminal = System.console();
        if (parent.in == null && (terminal == null || !RunCommand.interactive(terminal))) {
            return null;
        }
        out.print("Provider (" + String.join(", ", PROVIDERS.keySet()) + "): ");
        out.flush();
        try {
            BufferedReader answers = parent.in != null
                    ? new BufferedReader(new InputStreamReader(parent.in, StandardCharsets.UTF_8))
                    : new BufferedReader(terminal.reader());
            String answer = answers.readLine();
            return answer == null || answer.isBlank() ? null : answer.strip();
        } catch (IOException e) {
            return null;
        }
    }

    private static String text(String provider, String model, String variable, String key) {
        StringBuilder yaml = new StringBuilder("""
                # Agentloop configuration (agentloop config --check checks it; docs/configuration.md lists every key).
                provider: %s
                model: %s
                """.formatted(provider, model));
        if (key == null) {
            yaml.append("# The key stays in the environment: export ").append(variable).append("=...\n");
        } else {
            yaml.append("providers:\n  ").append(provider).append(":\n    api-key: \"").append(key
                    .replace("\\", "\\\\").replace("\"", "\\\"")).append("\"\n");
        }
        yaml.append("""
                # permissions:
                #   mode: ask              # ask, edit (edits run), auto (edits and sandboxed commands run), yes
                #   deny: ["bash(rm *)"]
                # sandbox:
                #   network: false         # commands run in a sandbox; true lets them use the network
                # run:
                #   iteration-timeout: 15m
                """);
        return yaml.toString();
    }

    /** Writes the file private to the user (0600 in a 0700 folder); refuses to replace one unless --force. */
    private void write(Path file, String text) throws IOException {
        Path folder = PrivateFiles.folder(file.toAbsolutePath().getParent());
        if (Files.exists(file) && !force) {
            throw new FileAlreadyExistsException(file.toString());
        }
        Path temp = PrivateFiles.tempFile(folder, ".agentloop-", ".yaml");
        try {
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            Files.move(temp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
