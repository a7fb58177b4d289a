"""The HTTP client: listing, errors that name the field, batches."""

import unittest

from greenhouse_envs import Client, GreenhouseError

from .server import base_url


class ClientTest(unittest.TestCase):
    def setUp(self):
        self.client = Client(base_url())

    def tearDown(self):
        self.client.disconnect()

    def test_lists_every_environment_with_options_levels_and_actions(self):
        envs = {e["id"]: e for e in self.client.envs()}
        self.assertIn("login-user", envs)
        self.assertIn("grid-world", envs)
        self.assertEqual(envs["login-user"]["splits"], ["train", "test"])
        self.assertIn("click(id)", envs["login-user"]["actions"])
        self.assertIn("fill", envs["login-user"]["browsergymActions"])
        self.assertGreater(len(envs["login-user"]["levels"]), 1)

    def test_a_refused_request_names_the_field(self):
        with self.assertRaises(GreenhouseError) as e:
            self.client.create("no-such-env")
        self.assertEqual((e.exception.status, e.exception.field), (400, "env"))
        with self.assertRaises(GreenhouseError) as e:
            self.client.create("click-button", seed=-1)
        self.assertEqual((e.exception.status, e.exception.field), (400, "seed"))
        session = self.client.create("click-button")["session"]
        self.client.close(session)
        with self.assertRaises(GreenhouseError) as e:
            self.client.step(session, "click(1)")
        self.assertEqual((e.exception.status, e.exception.field), (404, "session"))

    def test_batch_runs_steps_and_resets_in_order_and_reports_errors_per_operation(self):
        a = self.client.create("login-user", seed=1)["session"]
        b = self.client.create("choose-list", seed=2)["session"]
        results = self.client.batch([
            {"session": a, "action": self.client.expert(a)},
            {"session": b, "reset": {"seed": 9}},
            {"session": "gone", "action": "click(1)"},
        ])
        self.assertEqual(results[0]["info"]["turn"], 1)
        self.assertEqual(results[1]["info"]["turn"], 0)
        self.assertEqual(results[2]["error"]["status"], 404)
        for s in (a, b):
            self.client.close(s)


if __name__ == "__main__":
    unittest.main()
