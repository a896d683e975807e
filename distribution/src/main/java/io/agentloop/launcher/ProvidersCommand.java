package io.agentloop.launcher;

import io.agentloop.api.model.ModelProvider;
import io.agentloop.core.registry.Registered;
import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agentloop providers}: the model providers, marking the configured one, and the settings
 * the configured one declares ({@code providers.<id>.*}).
 */
final class ProvidersCommand extends LauncherCommand {
    @Override
    CommandSpec spec() {
        return describe("providers", "Lists the model providers: built-in and from plugins.");
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        LauncherConfig config = config();
        try (Platform platform = platform(config)) {
            String chosen = config.get("provider").orElse("");
            for (Registered<ModelProvider> provider : platform.extensions().providers().entries()) {
                out.printf("%s %-18s %s%n", provider.name().equals(chosen) ? "*" : " ", provider.name(),
                        provider.origin());
            }
            platform.extensions().providers().get(chosen).map(ModelProvider::settings).filter(s -> !s.isEmpty())
                    .ifPresent(settings -> {
                        out.println("Settings of " + chosen + " (providers." + chosen + ".*):");
                        settings.forEach(setting -> out.println("    " + setting));
                    });
        }
        return Launcher.ANSWERED;
    }
}
