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


class RowsTest(unittest.TestCase):
    def test_rows_carry_consecutive_task_seeds_for_trl_and_verl(self):
        import json
        import tempfile

        from greenhouse_envs import trl_rows, verl_rows
        from greenhouse_envs.rows import main

        self.assertEqual([r["seed"] for r in trl_rows(3, seed=7, level=2)], [7, 8, 9])
        self.assertEqual(trl_rows(1, split="test")[0]["split"], "test")
        row = verl_rows("grid-world", 2, seed=4)[1]
        self.assertEqual(row["agent_name"], "greenhouse_agent")
        self.assertEqual(row["extra_info"]["greenhouse"], {"env": "grid-world", "seed": 5, "split": "train"})
        with tempfile.TemporaryDirectory() as d:
            main(["--to", "verl", "--env", "login-user", "--n", "4", "--out", f"{d}/rows.jsonl"])
            with open(f"{d}/rows.jsonl") as f:
                lines = [json.loads(line) for line in f]
        self.assertEqual([r["extra_info"]["greenhouse"]["seed"] for r in lines], [0, 1, 2, 3])
