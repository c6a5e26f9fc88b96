#!/usr/bin/env python3
"""Headless Chromium for the dashboard's tests, driven over the DevTools protocol.

Opens URL, then for each --until expression, in order, waits until it evaluates to something
truthy in the page and prints that value as one line of JSON (flushed, so a test can act on a
step while the next is awaited). Exits 1 naming the step and showing the page's text when a
step does not come true within --timeout seconds, or 2 when Chromium cannot be started.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket  # Debian's python3-websocket


class Page:
    def __init__(self, url, timeout):
        self.socket = websocket.create_connection(url, timeout=timeout, suppress_origin=True)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({'id': self.next_id, 'method': method, 'params': params}))
        while True:  # events come in between; only our answer ends the wait
            message = json.loads(self.socket.recv())
            if message.get('id') == self.next_id:
                if 'error' in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message['result']

    def evaluate(self, expression):
        result = self.call('Runtime.evaluate', expression=expression, returnByValue=True,
                           awaitPromise=True)
        if 'exceptionDetails' in result:
            return None  # e.g. an element not there yet
        return result['result'].get('value')


def start_chromium(binary, profile):
    command = [binary, '--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run',
               '--disable-dev-shm-usage', '--disable-extensions', '--remote-debugging-port=0',
               '--remote-allow-origins=*', f'--user-data-dir={profile}', 'about:blank']
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = os.path.join(profile, 'DevToolsActivePort')
    deadline = time.time() + 60
    while time.time() < deadline and process.poll() is None:
        try:
            with open(port_file) as f:
                port = int(f.readline())
            return process, port
        except (OSError, ValueError):
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f'{binary} did not start (exit {process.poll()})')


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--url', required=True)
    parser.add_argument('--until', action='append', default=[],
                        help='a JavaScript expression to wait for; its value is printed')
    parser.add_argument('--timeout', type=float, default=90, help='seconds per step')
    parser.add_argument('--chromium', default=shutil.which('chromium') or '/usr/bin/chromium')
    args = parser.parse_args()

    profile = tempfile.mkdtemp(prefix='gc9-chromium-')
    try:
        process, port = start_chromium(args.chromium, profile)
    except Exception as e:  # noqa: BLE001 - any failure to start is reported the same way
        print(f'browser.py: {e}', file=sys.stderr)
        shutil.rmtree(profile, ignore_errors=True)
        return 2
    try:
        with urllib.request.urlopen(f'http://127.0.0.1:{port}/json/list') as answer:
            targets = json.load(answer)
        target = next(t for t in targets if t.get('type') == 'page')
        page = Page(target['webSocketDebuggerUrl'], args.timeout)
        page.call('Page.navigate', url=args.url)
        for step, expression in enumerate(args.until, 1):
            deadline = time.time() + args.timeout
            value = None
            while time.time() < deadline:
                value = page.evaluate(expression)
                if value:
                    break
                time.sleep(0.2)
            if not value:
                text = page.evaluate('document.body ? document.body.innerText : ""') or ''
                print(f'browser.py: step {step} never came true in {args.timeout} s: '
                      f'{expression}\n--- the page shows ---\n{text[:3000]}', file=sys.stderr)
                return 1
            print(json.dumps(value), flush=True)
        return 0
    finally:
        process.kill()
        process.wait()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main())
