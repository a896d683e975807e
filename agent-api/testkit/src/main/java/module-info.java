/** Test fakes for Agentloop: a scripted chat model, a recording hook and a fake tool. */
module io.agentloop.testkit {
    requires transitive io.agentloop.api;
    requires static org.junit.jupiter.api;
    exports io.agentloop.testkit;
}
