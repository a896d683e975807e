/** Test fakes for Agentloop: a scripted chat model, a recording hook, a fake tool, a hook context, chains. */
module io.agentloop.testkit {
    requires transitive io.agentloop.api;
    requires tools.jackson.databind;
    requires static org.junit.jupiter.api;
    exports io.agentloop.testkit;
}
