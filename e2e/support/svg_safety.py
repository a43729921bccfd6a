#!/usr/bin/env python3
"""An independent check of SVG text the app wrote: parsed by Python's own XML parser (expat via
xml.dom.minidom), not by any code of ours. Reads SVG on stdin, prints a JSON list of unsafe constructs."""
import json
import re
import sys
from xml.dom import minidom, Node

FORBIDDEN = {'script', 'foreignobject', 'a', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'meta',
             'link', 'object', 'embed', 'base', 'frame', 'frameset', 'handler', 'listener', 'set', 'animate',
             'animatemotion', 'animatetransform', 'animatecolor', 'discard'}
XHTML = 'http://www.w3.org/1999/xhtml'
LOCAL_REF = re.compile(r'^(#|data:image/(png|jpe?g|gif|webp|avif);base64,)', re.I)
# Embedded fonts are inert data as well (the favicon generator embeds its font).
LOCAL_URL = re.compile(r'^(#|data:(image/(png|jpe?g|gif|webp|avif)|font/(woff2?|ttf|otf));base64,)', re.I)
ACTIVE = re.compile(r'(javascript|vbscript|livescript|data:text|data:application/(x-)?javascript)\s*:?', re.I)


def css_unescape(css):
    css = re.sub(r'/\*.*?(\*/|$)', '', css, flags=re.S)
    def hex_or_char(m):
        if m.group(1):
            cp = int(m.group(1), 16)
            return chr(cp) if 0 < cp <= 0x10FFFF and not 0xD800 <= cp <= 0xDFFF else '\ufffd'
        return m.group(2) or ''
    return re.sub(r'\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?|\\(.)', hex_or_char, css, flags=re.S)


def css_problems(css, where):
    out = []
    text = css_unescape(css)
    if re.search(r'@import', text, re.I):
        out.append(f'@import in {where}')
    for m in re.finditer(r'url\(\s*([\'"]?)(.*?)\1\s*\)', text, re.I | re.S):
        if not LOCAL_URL.match(m.group(2).strip()):
            out.append(f'url({m.group(2)[:60]}) in {where}')
    if re.search(r'image-set\(|expression\(', text, re.I):
        out.append(f'image-set/expression in {where}')
    if ACTIVE.search(re.sub(r'[\x00-\x20]', '', text)):
        out.append(f'script URL in {where}')
    return out


def check(text):
    problems = []
    doc = minidom.parseString(text.encode('utf-8'))
    for node in doc.childNodes:
        if node.nodeType == Node.PROCESSING_INSTRUCTION_NODE:
            problems.append(f'<?{node.target}?>')
        if node.nodeType == Node.DOCUMENT_TYPE_NODE and (node.internalSubset or node.systemId):
            problems.append('doctype with declarations')

    def walk(el):
        name = (el.localName or el.tagName).lower()
        if name in FORBIDDEN or el.namespaceURI == XHTML:
            problems.append(f'<{el.tagName}>')
        if name == 'style':
            problems.extend(css_problems(''.join(c.data for c in el.childNodes if c.nodeType in (Node.TEXT_NODE, Node.CDATA_SECTION_NODE)), '<style>'))
        for i in range(el.attributes.length):
            attr = el.attributes.item(i)
            an, value = attr.name.lower(), attr.value
            local = an.split(':')[-1]
            squeezed = re.sub(r'[\x00-\x20\x7f-\xa0]', '', value)
            if local.startswith('on'):
                problems.append(f'{attr.name} on <{el.tagName}>')
            elif local in ('href', 'src', 'action', 'formaction') and not LOCAL_REF.match(value.strip()):
                problems.append(f'{attr.name}="{value[:60]}" on <{el.tagName}>')
            elif ACTIVE.match(squeezed):
                problems.append(f'script URL in {attr.name} on <{el.tagName}>')
            elif an == 'http-equiv' and value.strip().lower() == 'refresh':
                problems.append('meta refresh')
            else:
                problems.extend(css_problems(value, f'{attr.name} on <{el.tagName}>'))
        for c in el.childNodes:
            if c.nodeType == Node.ELEMENT_NODE:
                walk(c)
            elif c.nodeType == Node.PROCESSING_INSTRUCTION_NODE:
                problems.append(f'<?{c.target}?> inside')

    walk(doc.documentElement)
    return problems


if __name__ == '__main__':
    data = sys.stdin.buffer.read().decode('utf-8')
    try:
        print(json.dumps(check(data)))
    except Exception as error:  # not even well-formed: that is a problem too
        print(json.dumps([f'not well-formed XML: {error}']))
