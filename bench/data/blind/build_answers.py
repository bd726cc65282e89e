"""Builds answers.jsonl from the q_*.py chunk files of a set's folder (this one unless a folder is given).
Run: .venv/bin/python bench/data/blind/build_answers.py [FOLDER]"""
import json, glob, os, importlib.util
A = {
 'MF':'中华人民共和国民法典','LD':'中华人民共和国劳动合同法','LDF':'中华人民共和国劳动法',
 'LDSS':'中华人民共和国劳动争议调解仲裁法','LDJ':'最高人民法院关于审理劳动争议案件适用法律问题的解释（一）',
 'LDSL':'中华人民共和国劳动合同法实施条例','GS':'工伤保险条例','SB':'中华人民共和国社会保险法',
 'NJ':'企业职工带薪年休假实施办法','NJT':'职工带薪年休假条例','NZG':'女职工劳动保护特别规定',
 'GZ':'工资支付暂行规定','NMG':'保障农民工工资支付条例','JY':'中华人民共和国就业促进法',
 'JD':'最高人民法院关于审理民间借贷案件适用法律若干问题的规定',
 'DBJ':'最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释',
 'SX':'最高人民法院关于审理民事案件适用诉讼时效制度若干问题的规定',
 'HJ':'最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）',
 'HJ2':'最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（二）',
 'CL':'最高人民法院关于审理涉彩礼纠纷案件适用法律若干问题的规定',
 'JC':'最高人民法院关于适用《中华人民共和国民法典》继承编的解释（一）',
 'FJB':'中华人民共和国反家庭暴力法',
 'DJ':'中华人民共和国道路交通安全法','DJT':'中华人民共和国道路交通安全法实施条例',
 'DJJ':'最高人民法院关于审理道路交通事故损害赔偿案件适用法律若干问题的解释',
 'JQX':'机动车交通事故责任强制保险条例','DJCX':'道路交通事故处理程序规定',
 'RSJ':'最高人民法院关于审理人身损害赔偿案件适用法律若干问题的解释',
 'JSJ':'最高人民法院关于确定民事侵权精神损害赔偿责任若干问题的解释',
 'QQJ':'最高人民法院关于适用《中华人民共和国民法典》侵权责任编的解释（一）',
 'YLJ':'最高人民法院关于审理医疗损害责任纠纷案件适用法律若干问题的解释',
 'ZLJ':'最高人民法院关于审理城镇房屋租赁合同纠纷案件具体应用法律若干问题的解释',
 'SPJ':'最高人民法院关于审理商品房买卖合同纠纷案件适用法律若干问题的解释',
 'WYJ':'最高人民法院关于审理物业服务纠纷案件适用法律若干问题的解释',
 'QFJ':'最高人民法院关于审理建筑物区分所有权纠纷案件适用法律若干问题的解释',
 'WY':'物业管理条例','FDC':'中华人民共和国城市房地产管理法','ZS':'国有土地上房屋征收与补偿条例',
 'XB':'中华人民共和国消费者权益保护法','SA':'中华人民共和国食品安全法','DS':'中华人民共和国电子商务法',
 'SAJ':'最高人民法院关于审理食品安全民事纠纷案件适用法律若干问题的解释（一）',
 'YFJ':'最高人民法院关于审理预付式消费民事纠纷案件适用法律若干问题的解释',
 'WXJ':'最高人民法院关于审理网络消费纠纷案件适用法律若干问题的规定（一）',
 'QC':'家用汽车产品修理更换退货责任规定','CP':'中华人民共和国产品质量法','LY':'中华人民共和国旅游法',
 'HTJ':'最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释',
 'MMJ':'最高人民法院关于审理买卖合同纠纷案件适用法律问题的解释',
 'ZZJ':'最高人民法院关于适用《中华人民共和国民法典》总则编若干问题的解释',
 'GSF':'中华人民共和国公司法','GS2':'最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（二）',
 'GS3':'最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（三）',
 'GS4':'最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（四）',
 'HH':'中华人民共和国合伙企业法',
 'XF':'中华人民共和国刑法','XS':'中华人民共和国刑事诉讼法','XSJ':'最高人民法院关于适用《中华人民共和国刑事诉讼法》的解释',
 'GAG':'公安机关办理刑事案件程序规定','JCG':'人民检察院刑事诉讼规则',
 'DQJ':'最高人民法院、最高人民检察院关于办理盗窃刑事案件适用法律若干问题的解释',
 'ZPJ':'最高人民法院、最高人民检察院关于办理诈骗刑事案件具体应用法律若干问题的解释',
 'JTZS':'最高人民法院关于审理交通肇事刑事案件具体应用法律若干问题的解释',
 'ZSLG':'最高人民法院关于处理自首和立功具体应用法律若干问题的解释',
 'BXJ':'最高人民法院关于审理拒不支付劳动报酬刑事案件适用法律若干问题的解释',
 'ZA':'中华人民共和国治安管理处罚法','XZFY':'中华人民共和国行政复议法','XZSS':'中华人民共和国行政诉讼法',
 'XZCF':'中华人民共和国行政处罚法','XXGK':'中华人民共和国政府信息公开条例','GJPC':'中华人民共和国国家赔偿法',
 'XZSJ':'最高人民法院关于适用《中华人民共和国行政诉讼法》的解释','XZQZ':'中华人民共和国行政强制法',
 'MS':'中华人民共和国民事诉讼法','MSJ':'最高人民法院关于适用《中华人民共和国民事诉讼法》的解释',
 'SSF':'诉讼费用交纳办法','ZJ':'最高人民法院关于民事诉讼证据的若干规定','ZCF':'中华人民共和国仲裁法',
 'BQ':'最高人民法院关于人民法院办理财产保全案件若干问题的规定','XG':'最高人民法院关于限制被执行人高消费的若干规定',
 'SX2':'最高人民法院关于公布失信被执行人名单信息的若干规定',
 'ZZQ':'中华人民共和国著作权法','SBF':'中华人民共和国商标法','ZLF':'中华人民共和国专利法',
 'GRXX':'中华人民共和国个人信息保护法','RLJ':'最高人民法院关于审理使用人脸识别技术处理个人信息相关民事案件适用法律若干问题的规定',
 'WLQQ':'最高人民法院关于审理利用信息网络侵害人身权益民事纠纷案件适用法律若干问题的规定',
 'GJJ':'住房公积金管理条例','HK':'中华人民共和国户口登记条例','SBJB':'社会保险费征缴暂行条例',
 'SY':'失业保险条例','GRSDS':'中华人民共和国个人所得税法','BDC':'不动产登记暂行条例',
 'JS':'中华人民共和国建筑法','JSJ1':'最高人民法院关于审理建设工程施工合同纠纷案件适用法律问题的解释（一）',
 'LAW':'中华人民共和国律师法','FLYZ':'中华人民共和国法律援助法','WCN':'中华人民共和国未成年人保护法',
 'LNR':'中华人民共和国老年人权益保障法','FNQY':'中华人民共和国妇女权益保障法',
 'BX':'中华人民共和国保险法','YL':'医疗事故处理条例','SZ':'中华人民共和国商业银行法',
 'BXX':'最高人民法院、最高人民检察院关于办理非法利用信息网络、帮助信息网络犯罪活动等刑事案件适用法律若干问题的解释',
 'XZSJ2':'最高人民法院、最高人民检察院关于办理寻衅滋事刑事案件适用法律若干问题的解释',
 'WCXJ':'最高人民法院关于审理未成年人刑事案件具体应用法律若干问题的解释',
 'SYPJ':'最高人民法院关于审理食品药品纠纷案件适用法律若干问题的规定',
 'FDJS':'中华人民共和国反电信网络诈骗法',
 'CYLX':'最高人民法院关于执行程序中计算迟延履行期间的债务利息适用法律若干问题的解释',
 'YLJF':'医疗纠纷预防和处理条例',
}
_CN = '零一二三四五六七八九'
def _cn(n):
    """1-9999 in Chinese numerals as a statute numbers its articles (一百三十三, 二十, 十五)."""
    out, units = '', [(1000, '千'), (100, '百'), (10, '十')]
    for value, unit in units:
        d, n = divmod(n, value)
        if d:
            out += ('' if (value == 10 and d == 1 and not out) else _CN[d]) + unit
        elif out and n:
            out += '' if out.endswith('零') else '零'
    return out + (_CN[n] if n else '')
def R(s):
    """'XF:264' -> 刑法 article 264; 'XF:133之一' -> the inserted article 第一百三十三条之一 (its own article)."""
    law, n = s.split(':')
    if '之' in n:
        base, extra = n.split('之')
        return {'law': A.get(law, law), 'article': f'第{_cn(int(base))}条之{extra}'}
    return {'law': A.get(law, law), 'article': int(n)}
QS = []
def P(qtype, ctrl, concl, also=(), pol=None, fig=None, dl=None, text=None):
    return dict(text=text, qtype=qtype, controlling=[R(x) for x in ctrl], also_ok=[R(x) for x in also],
                polarity=pol, figure=fig, deadline=dl, conclusion=concl)
def Q(domain, style, question, *parts):
    parts = list(parts)
    for p in parts:
        if p['text'] is None:
            assert len(parts) == 1, question
            p['text'] = question
    if len(parts) > 1: style = 'multi_part'
    QS.append(dict(question=question, domain=domain, style=style, parts=parts))
C, F, M = 'colloquial', 'fact_pattern', 'multi_part'
def build(here):
    for f in sorted(glob.glob(os.path.join(here, 'q_*.py'))):
        n0 = len(QS); g = dict(Q=Q, P=P, C=C, F=F, M=M)
        exec(compile(open(f, encoding='utf-8').read(), f, 'exec'), g)
        if g.get('ID_PREFIX'):  # a chunk may name its own ids (e.g. 'c13-') so they never clash with the q-NNN ones
            for k, q in enumerate(QS[n0:], 1): q['id'] = '%s%03d' % (g['ID_PREFIX'], k)
    with open(os.path.join(here, 'answers.jsonl'), 'w', encoding='utf-8') as fo:
        for i, q in enumerate(QS, 1):
            q = dict(id=q.pop('id', None) or 'q-%03d' % i, **q)
            fo.write(json.dumps(q, ensure_ascii=False) + '\n')
    print(len(QS), 'questions')
def drop_refused(path):
    """Drops, in the built answers.jsonl at ``path``, what the sets' checker refuses, without reading the
    questions: a polarity on a part that is not yes/no or valid, a figure on a part that is not how-much, a
    deadline on a part that is not by-when. Returns how many fields were dropped."""
    rows, dropped = [], 0
    for line in open(path, encoding='utf-8'):
        q = json.loads(line)
        for p in q['parts']:
            for key, types in (('polarity', ('yes_no', 'valid')), ('figure', ('how_much',)), ('deadline', ('by_when',))):
                if p.get(key) is not None and p['qtype'] not in types:
                    p[key] = None; dropped += 1
        rows.append(q)
    with open(path, 'w', encoding='utf-8') as fo:
        for q in rows:
            fo.write(json.dumps(q, ensure_ascii=False) + '\n')
    return dropped


if __name__ == '__main__':
    import sys
    build(os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
