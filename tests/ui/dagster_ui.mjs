// Drives the Dagster UI in headless Chromium (puppeteer-core from renderer/node_modules, Debian's chromium):
//   node dagster_ui.mjs URL OUT launch JOB PARTITION [CONFIG_YAML]   -> {"run_id": ...}
//   node dagster_ui.mjs URL OUT look PATH NAME [CLICK_TEXT]          -> {"text": ..., "images": [...]}
// `launch` uses the job's Launchpad as a person would: the partition box, the config editor, "Launch Run".
// `look` opens a page, clicks what reads CLICK_TEXT if the page has it (e.g. "[Show Markdown]": the UI shows
// Markdown under 1,000 characters inline, a longer one behind that button), and saves a screenshot OUT/NAME.png.
// Each prints one JSON line; any failure exits 1 with a message.
import puppeteer from '../../renderer/node_modules/puppeteer-core/lib/esm/puppeteer/puppeteer-core.js';

const [url, out, verb, ...args] = process.argv.slice(2);
const chromium = process.env.PP_CHROMIUM || '/usr/bin/chromium';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Clicks the innermost element that reads exactly `text` (its wrappers read the same and would swallow the click).
async function clickByText(page, text) {
  const target = await page.evaluateHandle((wanted) => {
    const reads = (e) => (e.innerText || e.textContent || '').trim() === wanted;
    const all = [...document.querySelectorAll('body *')].filter(reads);
    return all.find((e) => ![...e.querySelectorAll('*')].some(reads)) || null;
  }, text);
  const element = target.asElement();
  if (!element) return false;
  await element.click();
  return true;
}

async function launch(page, job, partition, config) {
  await page.goto(`${url}/locations/paint_pipeline/jobs/${job}/playground`, {waitUntil: 'networkidle0'});
  const box = await page.waitForSelector('input[placeholder="Partition"]');
  await box.click();
  await box.type(partition);
  await sleep(500);
  await page.keyboard.press('Enter');
  await sleep(1500);
  if (config) {
    await page.waitForSelector('.CodeMirror');
    await page.evaluate((yaml) => document.querySelector('.CodeMirror').CodeMirror.setValue(yaml), config);
    await sleep(1500);  // the Launchpad validates the config before it enables the button
  }
  await page.screenshot({path: `${out}/launchpad-${job}-${partition}.png`});
  if (!(await clickByText(page, 'Launch Run'))) throw new Error(`no "Launch Run" button on ${page.url()}`);
  await page.waitForFunction(() => /\/runs\/[0-9a-f-]{36}/.test(location.pathname), {timeout: 60000});
  return {run_id: page.url().match(/\/runs\/([0-9a-f-]{36})/)[1]};
}

async function look(page, path, name, click) {
  await page.goto(url + path, {waitUntil: 'networkidle0'});
  await sleep(1500);
  const clicked = click ? await clickByText(page, click) : false;
  if (clicked) await sleep(1500);
  await page.screenshot({path: `${out}/${name}.png`});
  return page.evaluate((clicked) => ({
    clicked,
    text: document.body.innerText,
    images: [...document.querySelectorAll('img')].map((i) => ({src: i.src.slice(0, 30), width: i.naturalWidth}))
      .filter((i) => i.src.startsWith('data:image/')),
  }), clicked);
}

const browser = await puppeteer.launch({executablePath: chromium, headless: true,
  args: ['--no-sandbox', '--disable-gpu'], defaultViewport: {width: 1500, height: 1000}});
try {
  const page = await browser.newPage();
  page.setDefaultTimeout(60000);
  const result = verb === 'launch' ? await launch(page, args[0], args[1], args[2])
    : verb === 'look' ? await look(page, args[0], args[1], args[2]) : null;
  if (!result) throw new Error(`unknown verb ${verb}`);
  console.log(JSON.stringify(result));
} catch (err) {
  console.error(String(err && err.stack || err));
  process.exitCode = 1;
} finally {
  await browser.close();
}
