package io.agentloop.launcher;

import io.agentloop.api.model.ModelProvider;
import io.agentloop.core.registry.Registered;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code agentloop providers}: the model providers, marking the configured one. */
@Command(name = "providers", description = "Lists the model providers: built-in and from plugins.")
final class ProvidersCommand implements Callable<Integer> {
    @ParentCommand
    AgentloopCommand parent;

    @Mixin
    CommonOptions options;

    @Override
    public Integer call() {
        PrintWriter out = parent.spec.commandLine().getOut();
        LauncherConfig config = parent.config(options);
        try (Platform platform = Platform.start(parent.home, config, parent.spec.commandLine().getErr())) {
            String chosen = config.get("provider").orElse("");
            for (Registered<ModelProvider> provider : platform.extensions().providers().entries()) {
                out.printf("%s %-18s %s%n", provider.name().equals(chosen) ? "*" : " ", provider.name(),
                        provider.origin());
            }
        }
        return Launcher.ANSWERED;
    }
}
